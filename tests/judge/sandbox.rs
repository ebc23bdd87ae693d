//! The sandbox against the attacks a hostile review made on the judge (issue 21): each attack
//! is a small program that prints `escaped` when it got through and `blocked` when it did not,
//! judged against the expected `blocked`. In the sandbox it is AC; with `--no-sandbox` the
//! same program gets through (WA), which shows that each test can fail.
//!
//! The judge boxes programs as root (box users of its own) or, as a user, in a user namespace of
//! its own. Where it can do neither, these tests are recorded as skipped (`needs the sandbox`,
//! with `common::skip`) and stop; the few that need root itself (to give a folder to another
//! user, become one, bind-mount, or see what is root's only) skip without it (`needs root`).
//! `.ci/run` runs them as root and as `nobody`. No test sends a signal to anything but a pid it
//! knows; the attack on the judge itself is `kill $PPID`.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{self, Tag};
use predicates::str::contains;
use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// Whether the tests run as root (effective uid 0): the box's users are root's to make, and a
/// few tests give a folder to another user or become one.
fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .any(|line| line.starts_with("Uid:") && line.split_whitespace().nth(2) == Some("0"))
}

/// Whether the judge boxes programs here: as root, or as a user in a user namespace of its own
/// (its banner says `sandbox: on`; where the kernel refuses user namespaces to users, `off`).
/// Asked of the judge once.
fn sandbox_available() -> bool {
    static BOXED: OnceLock<bool> = OnceLock::new();
    *BOXED.get_or_init(|| {
        is_root() || {
            let (_, err, _) = judge_attack(&attack("echo blocked\n"), &[]);
            err.contains("sandbox: on")
        }
    })
}

/// Whether the sandbox is off here: then the test's skip is recorded, and it returns.
fn sandbox_missing() -> bool {
    let missing = !sandbox_available();
    if missing {
        common::skip(
            "needs the sandbox",
            "the judge boxes programs neither as root nor in a user namespace",
        );
    }
    missing
}

/// A case folder with one case whose answer is `blocked`, and the attack as `attack.sh`.
fn attack(script: &str) -> PathBuf {
    common::fresh_folder(
        "sandbox",
        "problem",
        &[
            ("sample-1.in", "question\n"),
            ("sample-1.out", "blocked\n"),
            ("attack.sh", script),
        ],
    )
}

/// Judges `sh DIR/attack.sh` on the folder, with extra flags; the judge's stdout, stderr and
/// exit code.
fn judge_attack(dir: &Path, extra: &[&str]) -> (String, String, i32) {
    let command = format!("sh {}", dir.join("attack.sh").display());
    let (out, err, code) = judged(&command, dir, extra);
    (out, err, code.unwrap_or(-1))
}

/// `judge --cmd COMMAND DIR EXTRA…` run from the folder `here` (the test's own when `None`):
/// stdout, stderr, exit code.
fn judged_from(
    here: Option<&Path>,
    command: &str,
    dir: &Path,
    extra: &[&str],
) -> (String, String, Option<i32>) {
    let mut judge = common::judge_cmd(command, dir, extra);
    if let Some(here) = here {
        judge.current_dir(here);
    }
    let output = judge.timeout(Duration::from_secs(120)).output().unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// `judge --cmd COMMAND DIR EXTRA…` from the test's folder: stdout, stderr, exit code.
fn judged(command: &str, dir: &Path, extra: &[&str]) -> (String, String, Option<i32>) {
    judged_from(None, command, dir, extra)
}

/// An empty folder for a folder submission beside the case folder `dir`, named by a tag.
fn submission_folder(dir: &Path, tag: &str) -> PathBuf {
    let submission = dir.parent().unwrap().join(format!("{}", Tag::new(tag)));
    fs::create_dir_all(&submission).unwrap();
    submission
}

/// The attack is blocked in the sandbox (AC) and gets through without it (WA).
fn blocked_only_in_the_sandbox(script: &str) {
    blocked_only_in_the_sandbox_with_words(script, "");
}

/// The same, with `words` after the attack's path on its command line.
fn blocked_only_in_the_sandbox_with_words(script: &str, words: &str) {
    let dir = attack(script);
    let judge_attack = |dir: &Path, extra: &[&str]| {
        let command = format!("sh {} {words}", dir.join("attack.sh").display());
        let (out, err, code) = judged(&command, dir, extra);
        (out, err, code.unwrap_or(-1))
    };
    let (out, err, code) = judge_attack(&dir, &[]);
    if sandbox_missing() {
        return;
    }
    assert!(err.contains("sandbox: on"), "{err}");
    assert!(
        out.contains("problem/sample-1  AC"),
        "in the sandbox:\n{out}\n{err}"
    );
    assert_eq!(code, 0);
    let (out, err, code) = judge_attack(&dir, &["--no-sandbox"]);
    assert!(err.contains("sandbox: off (--no-sandbox)"), "{err}");
    assert!(
        out.contains("problem/sample-1  WA"),
        "without:\n{out}\n{err}"
    );
    assert_eq!(code, 1);
}

#[test]
fn naming_a_folder_of_the_system_the_box_keeps_its_own_shows_nothing_of_the_machines() {
    blocked_only_in_the_sandbox_with_words(
        "n=$(ls /dev | wc -l); if [ \"$n\" -gt 20 ] || [ -e /sys/kernel ]; then echo escaped; else echo blocked; fi\n",
        "/dev /sys /var",
    );
}

#[test]
fn a_program_cannot_leave_its_cgroups() {
    if !is_root() {
        // Without root, no program here may write a cgroup.procs, boxed or not.
        common::skip("needs root", "only root's programs can leave a cgroup here");
        return;
    }
    blocked_only_in_the_sandbox(
        "for procs in /sys/fs/cgroup/*/cgroup.procs; do\n\
         \x20 if echo $$ > \"$procs\" 2>/dev/null; then echo escaped; exit 0; fi\n\
         done\n\
         echo blocked\n",
    );
}

#[test]
fn a_program_cannot_write_into_the_judges_report() {
    blocked_only_in_the_sandbox(
        "if echo 'problem/sample-2  AC  (forged)' > /proc/$PPID/fd/2 2>/dev/null; then\n\
         \x20 echo escaped; else echo blocked; fi\n",
    );
}

#[test]
fn a_program_cannot_read_the_expected_output_beside_its_input() {
    blocked_only_in_the_sandbox(
        "input=$(readlink /proc/self/fd/0)\n\
         if cat \"${input%.in}.out\" 2>/dev/null | grep -q blocked; then echo escaped;\n\
         elif [ -e \"$(dirname \"$input\")/sample-1.out\" ]; then echo escaped; else echo blocked; fi\n",
    );
}

#[test]
fn a_program_cannot_signal_the_judge() {
    let dir = attack("kill -TERM $PPID 2>/dev/null; echo blocked\n");
    let (out, err, code) = judge_attack(&dir, &[]);
    if sandbox_missing() {
        return;
    }
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    assert_eq!(code, 0, "{err}");
    // Without the sandbox, $PPID is the judge: SIGTERM stops it (exit 143), no case judged.
    let (out, _, code) = judge_attack(&dir, &["--no-sandbox"]);
    assert_eq!(code, 143, "{out}");
}

#[test]
fn files_in_tmp_and_dev_shm_are_gone_with_the_case() {
    let tag = Tag::new("sandbox-tmp");
    let left: Vec<PathBuf> = ["/tmp", "/dev/shm"]
        .iter()
        .map(|folder| Path::new(folder).join(format!("{}.file", tag)))
        .collect();
    let script = format!(
        "echo kept > {} && echo kept > {} && echo blocked\n",
        left[0].display(),
        left[1].display()
    );
    let dir = attack(&script);
    let (out, err, _) = judge_attack(&dir, &[]);
    if sandbox_missing() {
        return;
    }
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    for file in &left {
        assert!(!file.exists(), "{} outlived the case", file.display());
    }
    // Without the sandbox they stay (and this test removes them).
    judge_attack(&dir, &["--no-sandbox"]);
    for file in &left {
        assert!(file.exists(), "{} was not written", file.display());
        fs::remove_file(file).unwrap();
    }
}

#[test]
fn a_program_gets_no_descriptor_of_the_judges() {
    let dir = attack("if [ -e /proc/self/fd/7 ]; then echo escaped; else echo blocked; fi\n");
    let judge = assert_cmd::cargo::cargo_bin("judge");
    let run = |extra: &str| {
        // The judge is started with a file open on descriptor 7, as a careless caller might.
        let line = format!(
            "exec 7</etc/hostname; exec '{}' {extra} --cmd 'sh {}' '{}'",
            judge.display(),
            dir.join("attack.sh").display(),
            dir.display()
        );
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg(line)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    if sandbox_missing() {
        return;
    }
    assert!(run("").contains("problem/sample-1  AC"));
    assert!(run("--no-sandbox").contains("problem/sample-1  WA"));
}

#[test]
fn a_program_has_no_network_not_even_loopback() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // Answers whoever connects, so the attack without the sandbox sees a connection.
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            drop(stream);
        }
    });
    blocked_only_in_the_sandbox(&format!(
        "if python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", {port}), 2)' \
         2>/dev/null; then echo escaped; else echo blocked; fi\n"
    ));
}

#[test]
fn the_system_and_the_programs_own_folder_are_read_only() {
    // In the judge's folder (the test's), where its user may write: `target/tmp` is the
    // user's when the tests run as one.
    let tag = Tag::new("sandbox-write");
    let beside = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{tag}.file"));
    let _ = fs::remove_file(&beside);
    blocked_only_in_the_sandbox(&format!(
        "if echo x > {} 2>/dev/null; then echo escaped; else echo blocked; fi\n",
        beside.display()
    ));
    let _ = fs::remove_file(&beside);
}

#[test]
fn only_the_system_and_the_programs_own_files_are_in_the_box() {
    // Another copy of the answers, world-readable, in a folder the judge does not know to be
    // test data (a zip beside the cases, another package): not in the box, whose root holds
    // the system's folders and what the command names, as isolate's holds only its --dir ones.
    let tag = Tag::new("sandbox-elsewhere");
    let elsewhere = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{tag}"));
    fs::create_dir_all(&elsewhere).unwrap();
    fs::write(elsewhere.join("answers.txt"), "blocked\n").unwrap();
    blocked_only_in_the_sandbox(&format!(
        "if cat {}/answers.txt 2>/dev/null | grep -q blocked; then echo escaped;\n\
         elif [ -e /var/lib ] || [ -e /home ] || [ -e /srv ] || [ -e /sys/fs ]; then echo escaped;\n\
         elif [ -e /dev/ptmx ] || [ -e /dev/pts ]; then echo escaped;\n\
         else echo blocked; fi\n",
        elsewhere.display()
    ));
    fs::remove_dir_all(&elsewhere).unwrap();
}

#[test]
fn a_build_cannot_read_the_test_data() {
    // A C++ source that embeds its case's answer at compile time (the assembler's `.incbin`),
    // then prints it: in the sandbox its compiler runs boxed as the program does, and finds
    // no answer to embed.
    let dir = attack("");
    let answer = dir.join("sample-1.out");
    let source = dir
        .parent()
        .unwrap()
        .join(format!("{}.cpp", Tag::new("sandbox-incbin")));
    fs::write(
        &source,
        format!(
            "#include <cstdio>\n\
             asm(\".section .rodata\\n.global answer\\nanswer:\\n.incbin \\\"{}\\\"\\n.byte 0\\n.text\\n\");\n\
             extern \"C\" const char answer[];\n\
             int main() {{ std::fputs(answer, stdout); }}\n",
            answer.display()
        ),
    )
    .unwrap();
    let source = source.to_str().unwrap();
    if sandbox_available() {
        let (out, err, code) = judged(source, &dir, &[]);
        assert!(err.contains("does not build"), "{out}\n{err}");
        assert!(err.contains("file not found"), "{err}");
        assert_eq!(code, Some(1));
    }
    let (out, err, code) = judged(source, &dir, &["--no-sandbox"]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    assert_eq!(code, Some(0));
}

#[test]
fn a_build_that_leaves_a_link_as_its_program_is_refused_and_the_link_not_followed() {
    // A submission folder whose build script makes `run` a link to a file of the judge's
    // user: the judge, which may be root, must neither make that file executable nor run it.
    let tag = Tag::new("sandbox-build-link");
    let dir = attack("");
    let victim = dir.parent().unwrap().join(format!("{tag}-victim"));
    fs::write(&victim, "#!/bin/sh\necho blocked\n").unwrap();
    let mode = |path: &Path| {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).unwrap().permissions().mode() & 0o777
    };
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&victim, fs::Permissions::from_mode(0o600)).unwrap();
    }
    let submission = dir.parent().unwrap().join(format!("{tag}-submission"));
    fs::create_dir_all(&submission).unwrap();
    fs::write(
        submission.join("build"),
        format!("#!/bin/sh\nln -s {} run\n", victim.display()),
    )
    .unwrap();
    for extra in [&[][..], &["--no-sandbox"][..]] {
        let output = common::judge_cmd(submission.to_str().unwrap(), &dir, extra)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains("made no `run` program"), "{extra:?}: {err}");
        assert_eq!(output.status.code(), Some(1), "{err}");
        assert_eq!(mode(&victim), 0o600, "{extra:?}");
    }
}

/// `judge --cmd COMMAND DIR EXTRA…`: stdout, stderr, exit code.

#[test]
fn a_link_in_a_submission_folder_is_refused_never_followed() {
    // The judge reads a submission's files with its own rights, outside the box: a link to
    // the answer would copy it into the build, where the program reads it.
    let dir = attack("");
    let submission = submission_folder(&dir, "sandbox-linked");
    fs::write(
        submission.join("main.py"),
        "import os\nprint(open(os.path.join(os.path.dirname(__file__), 'answers.txt')).read(), end='')\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(dir.join("sample-1.out"), submission.join("answers.txt")).unwrap();
    for extra in [&[][..], &["--no-sandbox"][..]] {
        let (out, err, code) = judged(submission.to_str().unwrap(), &dir, extra);
        assert!(
            err.contains("answers.txt is a link"),
            "{extra:?}: {out}\n{err}"
        );
        assert_eq!(code, Some(1), "{extra:?}: {out}\n{err}");
    }
}

#[test]
fn a_build_writes_no_file_past_its_size_limit_and_keeps_no_set_uid_bit() {
    if sandbox_missing() {
        return;
    }
    let dir = attack("");
    let tag = Tag::new("sandbox-big-build");
    let submission = dir.parent().unwrap().join(format!("{tag}"));
    fs::create_dir_all(&submission).unwrap();
    // A sparse file: no disk is used, but its size is over the limit all the same.
    fs::write(
        submission.join("build"),
        "#!/bin/sh\nset -e\ntruncate -s 2G big\nprintf '#!/bin/sh\\necho blocked\\n' > run\nchmod +x run\n",
    )
    .unwrap();
    let (out, err, code) = judged(submission.to_str().unwrap(), &dir, &[]);
    assert!(err.contains("does not build"), "{out}\n{err}");
    assert!(err.contains("File size limit exceeded"), "{err}");
    assert_eq!(code, Some(1));
    // A folder whose `run` is set-uid: its copy in the cache is not.
    fs::remove_file(submission.join("build")).unwrap();
    fs::write(submission.join("run"), "#!/bin/sh\necho blocked\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(submission.join("run"), fs::Permissions::from_mode(0o4777)).unwrap();
    }
    let (out, err, _) = judged(submission.to_str().unwrap(), &dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    let built = err
        .lines()
        .find_map(|line| line.split(" into ").nth(1))
        .unwrap_or_else(|| panic!("{err}"));
    let mode = {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(Path::new(built).join("run"))
            .unwrap()
            .permissions()
            .mode()
    };
    assert_eq!(mode & 0o7022, 0, "{mode:o}");
}

#[test]
fn a_build_sees_nothing_of_the_folder_the_judge_runs_in() {
    // The judge runs in an operator's folder that holds a `main.cpp` and private notes; a
    // submission's build names its own `./main.cpp`, which must not show that folder.
    let dir = attack("");
    let tag = Tag::new("sandbox-operator");
    let operator = dir.parent().unwrap().join(format!("{tag}-operator"));
    let submission = dir.parent().unwrap().join(format!("{tag}-submission"));
    fs::create_dir_all(&operator).unwrap();
    fs::create_dir_all(&submission).unwrap();
    fs::write(operator.join("notes.txt"), "blocked\n").unwrap();
    fs::write(operator.join("main.cpp"), "int main() {}\n").unwrap();
    fs::write(
        submission.join("main.cpp"),
        format!(
            "#include <cstdio>\n\
             asm(\".section .rodata\\n.global notes\\nnotes:\\n.incbin \\\"{}\\\"\\n.byte 0\\n.text\\n\");\n\
             extern \"C\" const char notes[];\n\
             int main() {{ std::fputs(notes, stdout); }}\n",
            operator.join("notes.txt").display()
        ),
    )
    .unwrap();
    let submission = submission.to_str().unwrap();
    if sandbox_available() {
        let (out, err, _) = judged_from(Some(&operator), submission, &dir, &[]);
        assert!(err.contains("file not found"), "{out}\n{err}");
    }
    let (out, err, _) = judged_from(Some(&operator), submission, &dir, &["--no-sandbox"]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
}

#[test]
fn what_a_build_leaves_is_given_back_without_set_uid_or_open_folders() {
    if sandbox_missing() {
        return;
    }
    let dir = attack("");
    let submission = submission_folder(&dir, "sandbox-leftovers");
    fs::write(
        submission.join("build"),
        "#!/bin/sh\nset -e\nprintf '#!/bin/sh\\necho blocked\\n' > run\nchmod 4777 run\n\
         mkdir open && chmod 777 open .\n",
    )
    .unwrap();
    let (out, err, _) = judged(submission.to_str().unwrap(), &dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    let built = PathBuf::from(
        err.lines()
            .find_map(|line| line.split(" into ").nth(1))
            .unwrap_or_else(|| panic!("{err}")),
    );
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // The judge's own user (root, or the user it runs as): /proc/self is the test's, whose
    // user the judge shares.
    let judges_user = fs::metadata("/proc/self").unwrap().uid();
    for path in [built.clone(), built.join("run"), built.join("open")] {
        let meta = fs::metadata(&path).unwrap();
        assert_eq!(meta.permissions().mode() & 0o7022, 0, "{}", path.display());
        assert_eq!(meta.uid(), judges_user, "{}", path.display());
    }
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_build_past_its_bound_of_files_is_stopped_while_it_runs() {
    if sandbox_missing() {
        return;
    }
    let dir = attack("");
    let submission = submission_folder(&dir, "sandbox-many-files");
    // Past 10,000 files, the build is stopped while it runs (its folder is full), and refused.
    fs::write(
        submission.join("build"),
        "#!/bin/sh\nseq 10050 | xargs touch\nprintf '#!/bin/sh\\necho blocked\\n' > run\nchmod +x run\n",
    )
    .unwrap();
    let (out, err, code) = judged(submission.to_str().unwrap(), &dir, &[]);
    assert!(err.contains("No space left on device"), "{out}\n{err}");
    assert!(err.contains("does not build"), "{out}\n{err}");
    assert_eq!(code, Some(1));
}

#[test]
fn what_a_build_leaves_in_its_tmpfs_does_not_lower_the_next_runs_memory() {
    // The build's stand-in (a tmpfs charged to the build's cgroup) is still held while it is
    // copied back: a cgroup pooled then would count its charge off the next run's memory.
    if sandbox_missing() {
        return;
    }
    let dir = attack("");
    let submission = submission_folder(&dir, "sandbox-filler");
    fs::write(
        submission.join("prog"),
        "#!/usr/bin/env python3\nx = bytearray(60 << 20)\nfor i in range(0, len(x), 4096):\n    x[i] = 1\nprint('blocked')\n",
    )
    .unwrap();
    fs::write(
        submission.join("build"),
        "#!/bin/sh\nset -e\nhead -c 15000000 /dev/zero > filler\ncp prog run\nchmod +x run\n",
    )
    .unwrap();
    let (out, err, _) = judged(submission.to_str().unwrap(), &dir, &["-j", "1"]);
    let mib: f64 = out
        .lines()
        .find(|line| line.contains("problem/sample-1  AC"))
        // The figure before `MiB` (a note may follow it: waited 0.1 s for a CPU).
        .and_then(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&word| word == "MiB")?;
            words.get(at.checked_sub(1)?)?.parse().ok()
        })
        .unwrap_or_else(|| panic!("{out}\n{err}"));
    assert!(mib >= 60.0, "{mib} MiB for 60 MiB touched\n{out}");
}

#[test]
fn a_build_cannot_fill_the_disk_with_sparse_files_or_hard_links() {
    // Each takes little room where the build writes, and much once copied back: the judge
    // counts them at their full length before it copies anything.
    if sandbox_missing() {
        return;
    }
    let dir = attack("");
    let submission = submission_folder(&dir, "sandbox-fill");
    let run = "printf '#!/bin/sh\\necho blocked\\n' > run\nchmod +x run\n";
    for making in [
        // Three sparse files of 1000 MiB, each under the 1 GiB file size limit.
        "truncate -s 1000M a b c\n",
        // 1 MiB, and 3,000 more names for it.
        "head -c 1048576 /dev/zero > a\n\
         python3 -c \"import os; [os.link('a', f'hard-{n}') for n in range(3000)]\"\n",
    ] {
        fs::write(
            submission.join("build"),
            format!("#!/bin/sh\nset -e\n{making}{run}"),
        )
        .unwrap();
        let (out, err, code) = judged(submission.to_str().unwrap(), &dir, &[]);
        assert!(
            err.contains("its build left over 10000 files or over 2560 MiB"),
            "{making}\n{out}\n{err}"
        );
        assert_eq!(code, Some(1), "{making}");
    }
}

#[test]
fn a_submission_that_is_itself_a_link_is_refused() {
    let dir = attack("");
    let tag = Tag::new("sandbox-top-link");
    let real = dir.parent().unwrap().join(format!("{tag}-real.py"));
    fs::write(&real, "print('blocked')\n").unwrap();
    let link = dir.parent().unwrap().join(format!("{tag}-link.py"));
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let (out, err, code) = judged(link.to_str().unwrap(), &dir, &[]);
    assert!(err.contains("is a link"), "{out}\n{err}");
    assert_eq!(code, Some(1));
    let (out, err, _) = judged(real.to_str().unwrap(), &dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
}

#[test]
fn the_machines_tmp_is_never_shown_whole_even_when_the_command_names_it() {
    // The judge's scratch and every user's files are in /tmp: a command that names it gets
    // the box's own, fresh one.
    let tag = Tag::new("sandbox-named-tmp");
    let planted = PathBuf::from("/tmp").join(format!("{tag}"));
    fs::write(&planted, "blocked\n").unwrap();
    let dir = attack(&format!(
        "if [ -e {} ]; then echo escaped; else echo blocked; fi\n",
        planted.display()
    ));
    let command = format!("sh {} /tmp", dir.join("attack.sh").display());
    if sandbox_available() {
        let (out, err, _) = judged(&command, &dir, &[]);
        assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    }
    let (out, err, _) = judged(&command, &dir, &["--no-sandbox"]);
    assert!(out.contains("problem/sample-1  WA"), "{out}\n{err}");
    fs::remove_file(&planted).unwrap();
}

#[test]
#[cfg(feature = "slow-tests")]
fn java_main_beside_its_cases_runs_from_its_class_files() {
    // The folder holds the cases, so it is not shown whole; `java Main` finds Main.class (and
    // its inner classes) all the same.
    let javac = std::process::Command::new("javac").arg("-version").output();
    if !javac.is_ok_and(|output| output.status.success()) {
        common::skip("needs java", "no javac here");
        return;
    }
    let dir = attack("");
    let here = dir.parent().unwrap().to_path_buf();
    fs::write(
        here.join("Main.java"),
        "public class Main {\n\
         \x20   static class Word { String text = \"blocked\"; }\n\
         \x20   public static void main(String[] args) { System.out.println(new Word().text); }\n\
         }\n",
    )
    .unwrap();
    let compiled = std::process::Command::new("javac")
        .arg("Main.java")
        .current_dir(&here)
        .status()
        .unwrap();
    assert!(compiled.success());
    let (out, err, _) = judged_from(Some(&here), "java Main", &dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
}

#[test]
fn a_program_the_box_user_may_not_run_is_a_judge_error_that_says_why() {
    if !is_root() {
        common::skip(
            "needs root",
            "as a user, the box's user is the file's owner",
        );
        return;
    }
    // As root, the box's user is not the file's owner: mode 0700 keeps it out.
    let dir = attack("echo blocked\n");
    let program = dir.parent().unwrap().join("private.sh");
    fs::write(&program, "#!/bin/sh\necho blocked\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&program, fs::Permissions::from_mode(0o700)).unwrap();
    }
    let output = common::judge_cmd(program.to_str().unwrap(), &dir, &[])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("problem/sample-1  JE"), "{out}");
    assert!(out.contains("chmod o+rx"), "{out}");
    assert_eq!(output.status.code(), Some(2));
    let output = common::judge_cmd(program.to_str().unwrap(), &dir, &["--no-sandbox"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("problem/sample-1  AC"), "{out}");
}

#[test]
fn abort_is_still_a_runtime_error_by_sigabrt() {
    // The program is not PID 1 of its namespace, so a signal it sends itself still kills it.
    let dir = attack("kill -ABRT $$\n");
    let (out, err, _) = judge_attack(&dir, &[]);
    assert!(out.contains("problem/sample-1  RE"), "{out}\n{err}");
    assert!(out.contains("SIGABRT"), "{out}");
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_fork_bomb_meets_the_process_limit() {
    if sandbox_missing() {
        return;
    }
    let tag = Tag::new("sandbox-forks");
    // At most 400 sleepers, each tagged; in the box, at most MAX_PROCESSES (256) can exist,
    // and a fork past them fails (EAGAIN) instead of taking the machine down.
    let dir = attack(&format!(
        "python3 -c '\n\
         import os, sys, time\n\
         started = 0\n\
         for _ in range(400):\n\
         \x20   try:\n\
         \x20       if os.fork() == 0:\n\
         \x20           time.sleep(5); os._exit(0)\n\
         \x20   except OSError:\n\
         \x20       break\n\
         \x20   started += 1\n\
         print(\"blocked\" if started < 400 else \"escaped\", flush=True)\n\
         os._exit(0)' {tag}\n"
    ));
    // A memory limit far above what 400 copies of Python share: polling /proc (no cgroup)
    // counts shared pages once per process, and this test is about processes.
    let (out, err, _) = judge_attack(&dir, &["-t", "10", "-m", "8192"]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    tag.assert_none_left();
    // Without the sandbox, all 400 start (and are killed with the case).
    let (out, err, _) = judge_attack(&dir, &["-t", "10", "-m", "8192", "--no-sandbox"]);
    assert!(out.contains("problem/sample-1  WA"), "{out}\n{err}");
    tag.assert_none_left();
}

#[test]
fn the_banner_says_when_the_sandbox_is_off() {
    let dir = attack("echo blocked\n");
    common::judge_cmd("sh -c 'echo blocked'", &dir, &["--no-sandbox"])
        .assert()
        .success()
        .stderr(contains(
            "sandbox: off (--no-sandbox): programs see the test data and the judge",
        ));
}

#[test]
fn a_python_found_on_path_runs_in_the_sandbox() {
    let dir = attack("python3 -c 'print(\"blocked\")'\n");
    let (out, err, _) = judge_attack(&dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
}

#[test]
fn a_program_in_a_private_folder_runs_shown_alone() {
    // As root, the box's user may not go through a folder of mode 0700 (`mktemp -d`'s, a
    // root's home): the box shows the program alone, in a folder of its own making.
    if sandbox_missing() {
        return;
    }
    let made = std::process::Command::new("mktemp")
        .arg("-d")
        .output()
        .unwrap();
    let private = PathBuf::from(String::from_utf8(made.stdout).unwrap().trim());
    let program = private.join("solution.sh");
    fs::write(&program, "#!/bin/sh\necho blocked\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
        fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    }
    let dir = attack("echo blocked\n");
    // With --verbose: on an accepted case the note waits for a failure otherwise.
    let (named, named_err, _) = judged(program.to_str().unwrap(), &dir, &["--verbose"]);
    let by_sh = format!("sh {}", program.display());
    let (run_by_sh, by_sh_err, _) = judged(&by_sh, &dir, &[]);
    fs::remove_dir_all(&private).unwrap();
    assert!(
        named.contains("problem/sample-1  AC"),
        "{named}\n{named_err}"
    );
    assert!(
        run_by_sh.contains("problem/sample-1  AC"),
        "{run_by_sh}\n{by_sh_err}"
    );
    // The user is told, as for a folder that holds test data: a file beside it is not there.
    if is_root() {
        assert!(
            named_err.contains("as that folder is private (mode 0700)"),
            "{named_err}"
        );
    }
}

#[test]
fn relative_paths_work_and_the_working_folder_is_private() {
    if sandbox_missing() {
        return;
    }
    let dir = attack("echo note > ./scratch && [ \"$(cat ./scratch)\" = note ] && echo blocked\n");
    // Named relative to the judge's folder, as a user types it: the judge runs beside the
    // case folder (wherever cargo keeps its target folder).
    let here = dir.parent().unwrap().to_path_buf();
    let (out, err, _) = judged_from(Some(&here), "sh problem/attack.sh", &dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    // Written in the box's own working folder, not in the judge's.
    assert!(!here.join("scratch").exists());
}

#[test]
fn what_a_boxed_program_leaves_running_ends_with_it() {
    let tag = Tag::new("sandbox-daemon");
    let dir = attack(&format!(
        "setsid sh -c 'sleep 30' {tag} > /dev/null 2>&1 &\nsh -c 'sleep 30' {tag} > /dev/null 2>&1 &\necho blocked\n"
    ));
    let (out, err, _) = judge_attack(&dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    tag.assert_none_left();
}

/// `judge ARGUMENTS` run as the user `nobody` (with `setpriv`), from `folder`: stdout and
/// stderr; `None` where there is no `setpriv`.
fn judge_as_nobody(folder: &Path, arguments: &[&str]) -> Option<(String, String)> {
    let judge = assert_cmd::cargo::cargo_bin("judge");
    // A cache of nobody's own in the test's folder (root's is not nobody's: the judge would
    // fall back to one in the temporary folder and leave it there).
    let cache = folder.join("cache");
    fs::create_dir_all(&cache).unwrap();
    let chown = std::process::Command::new("chown")
        .arg("65534:65534")
        .arg(&cache)
        .status()
        .ok()?;
    assert!(chown.success());
    let output = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(judge)
        .args(arguments)
        .current_dir(folder)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", &cache)
        .output()
        .ok()?;
    Some((
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

#[test]
fn without_root_the_box_is_a_user_namespace_of_its_own() {
    if !is_root() {
        common::skip("needs root", "to become another user");
        return;
    }
    // A folder `nobody` can read, outside the project (whose target/ it may not reach).
    let tag = Tag::new("sandbox-nobody");
    let folder = std::env::temp_dir().join(format!("{tag}"));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(folder.join("problem")).unwrap();
    for (name, text) in [
        ("problem/sample-1.in", "question\n"),
        ("problem/sample-1.out", "blocked\n"),
        (
            "attack.sh",
            "input=$(readlink /proc/self/fd/0)\n\
             if [ -e \"${input%.in}.out\" ]; then echo escaped; exit 0; fi\n\
             if [ $(ls /proc | grep -c '^[0-9]') -gt 20 ]; then echo escaped; exit 0; fi\n\
             if python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", 22), 1)' 2>/dev/null; then echo escaped; exit 0; fi\n\
             echo blocked\n",
        ),
    ] {
        fs::write(folder.join(name), text).unwrap();
    }
    let mode = |path: &Path, bits| {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(bits)).unwrap();
    };
    mode(&folder, 0o755);
    mode(&folder.join("problem"), 0o755);
    let Some((out, err)) = judge_as_nobody(&folder, &["--cmd", "sh attack.sh", "problem"]) else {
        common::skip("needs setpriv", "no setpriv here");
        return;
    };
    if err.contains("no user namespace could be made") {
        // This kernel forbids them to users: the banner said so.
        common::skip("needs user namespaces", "the kernel refuses them to users");
        return;
    }
    assert!(
        err.contains("sandbox: on (own namespaces, a user namespace of its own"),
        "{err}"
    );
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    let (out, _) = judge_as_nobody(
        &folder,
        &["--no-sandbox", "--cmd", "sh attack.sh", "problem"],
    )
    .unwrap();
    assert!(out.contains("problem/sample-1  WA"), "{out}");
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_box_dies_with_a_judge_killed_outright() {
    if sandbox_missing() {
        return;
    }
    let tag = Tag::new("sandbox-orphan");
    let dir = attack(&format!("sh -c 'sleep 30' {tag} &\nsleep 30\n"));
    let script = dir.join("attack.sh");
    let mut judge = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(["--wall-limit", "60", "--cmd"])
        .arg(format!("sh {}", script.display()))
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while tag.pids().is_empty() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!tag.pids().is_empty(), "the boxed sleeper never started");
    judge.kill().unwrap(); // SIGKILL, to the judge's pid only
    judge.wait().unwrap();
    tag.assert_none_left();
}

#[test]
fn the_program_keeps_its_pipes_but_not_the_judges_environment() {
    let dir = attack(
        "echo debug > /dev/stderr || exit 1\n\
         if [ -n \"$GAME_JUDGE_TEST_SECRET\" ]; then echo escaped; exit 0; fi\n\
         if [ -n \"$(ls -A /run 2>/dev/null)\" ]; then echo escaped; exit 0; fi\n\
         echo blocked > /dev/stdout\n",
    );
    let run = |extra: &[&str]| {
        let command = format!("sh {}", dir.join("attack.sh").display());
        let output = common::judge_cmd(&command, &dir, extra)
            .env("GAME_JUDGE_TEST_SECRET", "hunter2")
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    if sandbox_missing() {
        return;
    }
    assert!(run(&[]).contains("problem/sample-1  AC"));
    assert!(run(&["--no-sandbox"]).contains("problem/sample-1  WA"));
}

#[test]
fn a_program_cannot_rewrite_its_input_even_when_its_mode_would_let_it() {
    use std::os::unix::fs::PermissionsExt;
    let dir = attack("printf 'changed\\n' > /proc/self/fd/0 2>/dev/null; echo blocked\n");
    let input = dir.join("sample-1.in");
    fs::set_permissions(&input, fs::Permissions::from_mode(0o666)).unwrap();
    let (out, err, _) = judge_attack(&dir, &[]);
    if sandbox_missing() {
        return;
    }
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    assert_eq!(fs::read_to_string(&input).unwrap(), "question\n");
    judge_attack(&dir, &["--no-sandbox"]);
    assert_eq!(fs::read_to_string(&input).unwrap(), "changed\n");
}

#[test]
fn a_named_folder_that_holds_test_data_is_not_shown_and_the_judge_says_so() {
    if sandbox_missing() {
        return;
    }
    // The attack names the case folder's parent, as `java -cp . Main` names the judge's folder.
    let dir = attack(
        "if ls \"$1\"/problem/*.out >/dev/null 2>&1; then echo escaped; else echo blocked; fi\n",
    );
    let parent = dir.parent().unwrap();
    let command = format!(
        "sh {} {}",
        dir.join("attack.sh").display(),
        parent.display()
    );
    let output = common::judge_cmd(&command, &dir, &[])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    assert!(
        err.contains("to the program, as it holds test data"),
        "{err}"
    );
}

#[test]
fn a_script_imports_the_module_beside_it() {
    let folder = common::fresh_folder(
        "sandbox-module",
        "solution",
        &[
            ("helper.py", "ANSWER = 'blocked'\n"),
            ("main.py", "import helper\nprint(helper.ANSWER)\n"),
        ],
    );
    let dir = attack("echo unused\n");
    let command = format!("python3 {}", folder.join("main.py").display());
    common::judge_cmd(&command, &dir, &[])
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .stdout(contains("problem/sample-1  AC"));
}

#[test]
fn the_judges_cache_is_covered_in_a_folder_the_box_shows() {
    // A program in the folder that holds the judge's cache (a home's `.cache`): its folder is
    // shown, as a script's modules are there, but not the cache, which holds other builds and a
    // Polygon package's generated answers.
    let home = common::fresh_folder(
        "sandbox-cache",
        "home",
        &[
            ("word.txt", "blocked\n"),
            ("cache/game-judge/polygon/tests/01.a", "escaped\n"),
            (
                "peek.sh",
                "here=$(dirname \"$0\")\n\
                 if ls \"$here\"/cache/game-judge/polygon 2>/dev/null | grep -q .; then echo escaped;\n\
                 else cat \"$here/word.txt\"; fi\n",
            ),
        ],
    );
    let dir = attack("echo unused\n");
    let command = format!("sh {}", home.join("peek.sh").display());
    let judged_with = |extra: &[&str]| {
        common::judge_cmd(&command, &dir, extra)
            .env("XDG_CACHE_HOME", home.join("cache"))
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap()
    };
    let output = judged_with(&[]);
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    if sandbox_missing() {
        return;
    }
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    // A later run with a cache elsewhere: the one it used before is the judge's own still (made
    // private to its owner, so no box user goes in).
    let output = common::judge_cmd(&command, &dir, &[])
        .env("XDG_CACHE_HOME", home.with_file_name("elsewhere"))
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains("problem/sample-1  AC"),
        "another run's cache:\n{out}"
    );
    let output = judged_with(&["--no-sandbox"]);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("problem/sample-1  WA"), "{out}");
}

/// `judge --cmd COMMAND DIR` run in a mount namespace of its own, after `mounts` (shell lines,
/// run as root there: bind mounts) are made; with `cache` as its cache. The judge's stdout.
fn judged_after_mounts(mounts: &str, command: &str, dir: &Path, cache: &Path) -> String {
    let judge = env!("CARGO_BIN_EXE_judge");
    let script = format!(
        "{mounts} && exec {judge} --cmd '{command}' '{}'",
        dir.display()
    );
    let output = std::process::Command::new("unshare")
        .args(["-m", "--propagation", "private", "sh", "-c", &script])
        .env("XDG_CACHE_HOME", cache)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn a_bind_mount_of_a_folder_holding_the_cache_or_the_cases_shows_neither() {
    if !is_root() {
        common::skip("needs root", "bind mounts are root's");
        return;
    }
    let unshare_works = std::process::Command::new("unshare")
        .args(["-m", "true"])
        .status()
        .is_ok_and(|status| status.success());
    if !unshare_works {
        common::skip("needs unshare", "no `unshare -m` here");
        return;
    }
    // The home that holds the cache, mounted at a second place, and the program run from there.
    let home = common::fresh_folder(
        "sandbox-bind",
        "home",
        &[
            ("word.txt", "blocked\n"),
            ("cache/game-judge/polygon/tests/01.a", "escaped\n"),
            (
                "peek.sh",
                "here=$(dirname \"$0\")\n\
                 if ls \"$here\"/cache/game-judge/polygon 2>/dev/null | grep -q .; then echo escaped;\n\
                 elif ls \"$here\"/cases/*.out >/dev/null 2>&1; then echo escaped;\n\
                 else echo blocked; fi\n",
            ),
        ],
    );
    let second = home.with_file_name("second");
    fs::create_dir_all(&second).unwrap();
    let dir = attack("echo unused\n");
    let command = format!("sh {}", second.join("peek.sh").display());
    let mount_home = format!("mount --bind '{}' '{}'", home.display(), second.display());
    let out = judged_after_mounts(&mount_home, &command, &dir, &home.join("cache"));
    assert!(
        out.contains("problem/sample-1  AC"),
        "the cache, by a bind mount:\n{out}"
    );
    // The case folder mounted inside the program's folder.
    fs::create_dir_all(home.join("cases")).unwrap();
    let mount_cases = format!(
        "mount --bind '{}' '{}'",
        dir.display(),
        home.join("cases").display()
    );
    let command = format!("sh {}", home.join("peek.sh").display());
    let out = judged_after_mounts(&mount_cases, &command, &dir, &home.with_file_name("cache"));
    assert!(
        out.contains("problem/sample-1  AC"),
        "the cases, by a bind mount:\n{out}"
    );
    // The same mount, the program named through a link to its folder.
    let link = home.with_file_name("link");
    let _ = fs::remove_file(&link);
    std::os::unix::fs::symlink(&home, &link).unwrap();
    let command = format!("sh {}", link.join("peek.sh").display());
    let out = judged_after_mounts(&mount_cases, &command, &dir, &home.with_file_name("cache"));
    assert!(
        out.contains("problem/sample-1  AC"),
        "through a link:\n{out}"
    );
    // The cases judged at a bind mount of a folder in the program's folder: the source is
    // known as the cases too.
    let source = home.join("cases");
    fs::copy(dir.join("sample-1.in"), source.join("sample-1.in")).unwrap();
    fs::copy(dir.join("sample-1.out"), source.join("sample-1.out")).unwrap();
    let judged_at = home.with_file_name("judged-at");
    fs::create_dir_all(&judged_at).unwrap();
    let mount_source = format!(
        "mount --bind '{}' '{}'",
        source.display(),
        judged_at.display()
    );
    let command = format!("sh {}", home.join("peek.sh").display());
    let out = judged_after_mounts(
        &mount_source,
        &command,
        &judged_at,
        &home.with_file_name("cache"),
    );
    assert!(
        out.contains("judged-at/sample-1  AC"),
        "the source of the mount:\n{out}"
    );
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_folder_submission_leaves_the_cases_it_holds_out_of_its_build() {
    // `judge --cmd . test` from a contest folder that keeps its cases in test/: the build of `.`
    // is a copy of the folder, which must not carry the answers to the program.
    let folder = common::fresh_folder(
        "sandbox-folder-build",
        "contest",
        &[
            ("test/sample-1.in", "question\n"),
            ("test/sample-1.out", "blocked\n"),
            ("helper.py", "WORD = 'blocked'\n"),
            (
                "main.py",
                "import glob, helper\nprint('escaped' if glob.glob('test/*.out') + glob.glob('**/*.out', recursive=True) else helper.WORD)\n",
            ),
        ],
    );
    let output = common::judge()
        .current_dir(&folder)
        .env("XDG_CACHE_HOME", folder.with_file_name("cache"))
        .args(["--cmd", ".", "test"])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(out.contains("test/sample-1  AC"), "{out}\n{err}");
    assert!(
        err.contains("note: test is test data: left out of the build of ."),
        "{err}"
    );

    // The cases loose in the folder itself, and a hard link of an answer beside the program.
    fs::hard_link(folder.join("test/sample-1.out"), folder.join("answer.txt")).unwrap();
    for file in ["sample-1.in", "sample-1.out"] {
        fs::copy(folder.join("test").join(file), folder.join(file)).unwrap();
    }
    fs::write(
        folder.join("main.py"),
        "import glob, helper\nprint('escaped' if glob.glob('**/*.out', recursive=True) + glob.glob('answer.txt') else helper.WORD)\n",
    )
    .unwrap();
    let judged_here = |cases: &str| {
        common::judge()
            .current_dir(&folder)
            .env("XDG_CACHE_HOME", folder.with_file_name("cache"))
            .args(["--cmd", ".", cases])
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap()
    };
    let output = judged_here("test");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("test/sample-1  AC"), "--cmd . test:\n{out}");
    // The folder that is itself the case folder is no folder submission: all of it would go
    // into the build (other cases, an interactor's script).
    let output = judged_here(".");
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("it is a folder of the test data"), "{err}");
}

#[test]
fn a_cache_someone_else_could_change_is_not_used() {
    if !is_root() {
        common::skip("needs root", "to give a folder to another user");
        return;
    }
    // The folder above the cache belongs to nobody: that user could put a program in the
    // cache that the judge would run (a checker's build) as root.
    let folder = common::fresh_folder("sandbox-foreign-cache", "theirs", &[("x", "")]);
    let chown = std::process::Command::new("chown")
        .arg("nobody")
        .arg(&folder)
        .status()
        .unwrap();
    assert!(chown.success());
    let dir = attack("echo blocked\n");
    // The private cache it falls back to goes in a temporary folder of the test's own.
    let temporary = folder.with_file_name("temporary");
    fs::create_dir_all(&temporary).unwrap();
    let output = common::judge_cmd(
        &format!("sh {}", dir.join("attack.sh").display()),
        &dir,
        &[],
    )
    .env("XDG_CACHE_HOME", &folder)
    .env("TMPDIR", &temporary)
    .timeout(Duration::from_secs(60))
    .output()
    .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    assert!(
        err.contains("game-judge is not the judge's own (") && err.contains("belongs to user"),
        "{err}"
    );
}

#[test]
fn a_folder_submission_of_endless_folders_is_refused_not_a_crash() {
    let folder = common::fresh_folder(
        "deep-submission",
        "solution",
        &[("main.py", "print('blocked')\n")],
    );
    let mut deep = folder.clone();
    for _ in 0..1100 {
        deep.push("d");
    }
    fs::create_dir_all(&deep).unwrap();
    let dir = attack("echo unused\n");
    let output = common::judge_cmd(folder.to_str().unwrap(), &dir, &[])
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("it holds over 1000 files and folders"),
        "{err}"
    );
}

#[test]
fn judging_from_inside_a_case_folder_under_tmp_works() {
    // The working folder is then a hidden folder under the box's private /tmp.
    let tag = Tag::new("sandbox-in-tmp");
    let folder = std::env::temp_dir().join(format!("{tag}"));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    fs::write(folder.join("a.in"), "question\n").unwrap();
    fs::write(folder.join("a.out"), "blocked\n").unwrap();
    fs::write(
        folder.join("attack.sh"),
        "ls a.out >/dev/null 2>&1 && echo escaped || echo blocked\n",
    )
    .unwrap();
    let output = common::judge()
        .args(["--cmd", "sh attack.sh", "."])
        .current_dir(&folder)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains("/a  AC"),
        "{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[cfg(target_arch = "x86_64")]
#[test]
#[cfg(feature = "slow-tests")]
fn nothing_is_kept_for_a_later_case_in_a_keyring() {
    // Case 1 stores a key in its user's keyring; case 2 (the same box user, -j 1) looks for it
    // (and removes it, so no run leaves it behind).
    let script = r#"python3 -c '
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
found = libc.syscall(250, 10, -4, b"user", b"game-judge-sandbox-test", 0)
if found > 0:
    libc.syscall(250, 9, found, -4)
    print("escaped")
else:
    libc.syscall(248, b"user", b"game-judge-sandbox-test", b"x", 1, -4)
    print("blocked")
'
"#;
    let dir = common::fresh_folder(
        "sandbox",
        "problem",
        &[
            ("a.in", "1\n"),
            ("a.out", "blocked\n"),
            ("b.in", "2\n"),
            ("b.out", "blocked\n"),
            ("attack.sh", script),
        ],
    );
    if sandbox_missing() {
        return;
    }
    let (out, err, _) = judge_attack(&dir, &["-j", "1"]);
    assert!(out.contains("2 cases: 2 AC"), "{out}\n{err}");
    let (out, err, _) = judge_attack(&dir, &["-j", "1", "--no-sandbox"]);
    assert!(out.contains("problem/b  WA"), "{out}\n{err}");
}

#[test]
fn a_key_a_case_leaves_readable_by_all_is_gone_with_its_box() {
    if sandbox_missing() {
        return;
    }
    // The key goes into the box user's own keyring (linked into its session keyring, so the
    // case may set the key's permissions), readable by any user: once the case is over (its
    // box user's keyrings emptied), no later box of any uid can find it.
    let tag = Tag::new("sandbox-key-left");
    let script = format!(
        r#"python3 -c '
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall(250, 8, -4, -3)
key = libc.syscall(248, b"user", b"{tag}", b"x", 1, -4)
libc.syscall(250, 5, key, 0x3f3f3f3f)
print("blocked")
'
"#
    );
    let dir = attack(&script);
    let (out, err, _) = judge_attack(&dir, &["-j", "1"]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    // The kernel destroys an unlinked key in the background: it goes within moments.
    let left = || {
        fs::read_to_string("/proc/keys")
            .unwrap_or_default()
            .contains(&format!("{tag}"))
    };
    for _ in 0..100 {
        if !left() {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("the key {tag} outlived its case");
}

#[test]
fn a_program_cannot_reach_the_terminal_the_judge_runs_in() {
    // `script` gives the judge a terminal, as a person's shell does.
    let dir = attack(
        "if (echo typed > /dev/tty) 2>/dev/null; then echo escaped; else echo blocked; fi\n",
    );
    let judge = assert_cmd::cargo::cargo_bin("judge");
    let run = |extra: &str| {
        let line = format!(
            "'{}' {extra} --cmd 'sh {}' '{}'",
            judge.display(),
            dir.join("attack.sh").display(),
            dir.display()
        );
        std::process::Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .ok()
            .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
    };
    if sandbox_missing() {
        return;
    }
    let Some(boxed) = run("") else {
        common::skip("needs script", "no `script` here");
        return;
    };
    assert!(boxed.contains("problem/sample-1  AC"), "{boxed}");
    let unboxed = run("--no-sandbox").unwrap();
    assert!(unboxed.contains("problem/sample-1  WA"), "{unboxed}");
}

/// The note of a folder shown in part is said only where it could explain a failure: not when
/// every case is accepted (a program beside its test folder, oj's own layout) nor for a wrong
/// answer, yes when a case fails another way (a program that cannot open a file beside it),
/// and always with `--verbose`.
#[test]
#[cfg(feature = "slow-tests")]
fn the_note_of_a_folder_shown_in_part_waits_for_a_failure() {
    if sandbox_missing() {
        return;
    }
    const NOTE: &str = "note: . holds the test data, so of it the sandbox shows only the files the command names: a file the program reads beside them is not there (name it in the command, or run the judge from another folder)";
    let folder = common::fresh_folder(
        "sandbox-beside",
        "project",
        &[
            ("test/a.in", "question\n"),
            ("test/a.out", "alone\n"),
            ("main.py", "print('alone')\n"),
        ],
    );
    let judged = |extra: &[&str]| {
        let output = common::judge()
            .args(["--cmd", "python3 main.py", "test"])
            .args(extra)
            .current_dir(&folder)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&output.stdout).into_owned();
        let err = String::from_utf8_lossy(&output.stderr).into_owned();
        (out, err)
    };
    let (out, err) = judged(&[]);
    assert!(out.contains("1 case: 1 AC"), "{out}\n{err}");
    assert!(!err.contains("note: the sandbox"), "{err}");
    let (out, err) = judged(&["--verbose"]);
    assert!(out.contains("1 case: 1 AC"), "{out}\n{err}");
    assert!(err.contains(NOTE), "{err}");
    fs::write(folder.join("test/a.out"), "together\n").unwrap();
    let (out, err) = judged(&[]);
    assert!(out.contains("1 case: 1 WA"), "{out}\n{err}");
    assert!(!err.contains("note: "), "{err}");
    fs::write(folder.join("main.py"), "open('notes.txt')\n").unwrap();
    let (out, err) = judged(&[]);
    assert!(out.contains("1 case: 1 RE"), "{out}\n{err}");
    assert_eq!(err.matches(NOTE).count(), 1, "{err}");
}

/// A script among its cases (`-d .`): the folder is the test data's, so the script is shown
/// alone, and when it fails (its module beside it is not there) the judge says why.
#[test]
fn a_script_among_its_cases_is_told_why_its_neighbours_are_not_shown() {
    if sandbox_missing() {
        return;
    }
    let folder = common::fresh_folder(
        "sandbox-among",
        "cases",
        &[
            ("1.in", "1\n"),
            ("1.out", "1\n"),
            ("helper.py", "def f(x):\n    return x\n"),
            ("sol.py", "import helper\nprint(helper.f(input()))\n"),
        ],
    );
    let output = common::judge()
        .args(["-c", "python3 sol.py", "-d", "."])
        .current_dir(&folder)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(out.contains("1 case: 1 RE"), "{out}\n{err}");
    assert!(
        err.contains("note: . holds the test data, so of it the sandbox shows only the files the command names"),
        "{err}"
    );
}

#[test]
fn a_script_beside_the_cases_folder_is_told_why_its_neighbours_are_not_shown() {
    if sandbox_missing() {
        return;
    }
    let folder = common::fresh_folder(
        "sandbox-beside",
        "project",
        &[
            ("cases/a.in", "question\n"),
            ("cases/a.out", "blocked\n"),
            ("helper.py", "ANSWER = 'blocked'\n"),
            ("main.py", "import helper\nprint(helper.ANSWER)\n"),
        ],
    );
    let output = common::judge()
        .args(["--cmd", "python3 main.py", "cases"])
        .current_dir(&folder)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("note: . holds the test data, so of it the sandbox shows only the files the command names: a file the program reads beside them is not there (name it in the command, or run the judge from another folder)"),
        "{err}"
    );
}
