//! The box's seccomp filter and resource limits (issue 46), end to end: each way around the
//! box's namespaces is a call of a small C program of the test's own, judged in the box against
//! the answer `refused`; the same program judged with `--no-sandbox` gets through (WA), which
//! shows that each test can fail. Then every language's run line still starts in the box, and
//! a boxed program has isolate's limits on open files and locked memory.
//!
//! A test that cannot run here (no `gcc`, the sandbox off, a language's tools missing) prints
//! a skip (`common::skip`: it says why, and CI fails on one it should not see) and stops.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

/// The probe: `probe WAY` tries one way around the box and prints `refused` when it was
/// closed, else `escaped` and what it got.
const PROBE: &str = r#"
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define AF_VSOCK_FAMILY 40
#define AF_PACKET_FAMILY 17
#define X32_BIT 0x40000000L
#define I386_SOCKET 359
#define IO_URING_SETUP 425

/* A call refused with `expected` prints refused; anything else, what it got. */
static void tell(long result, int expected) {
    if (result < 0 && errno == expected)
        printf("refused\n");
    else
        printf("escaped: result %ld, errno %d\n", result, result < 0 ? errno : 0);
}

int main(int argc, char **argv) {
    const char *way = argc > 1 ? argv[1] : "";
    int pair[2];
    if (!strcmp(way, "vsock-socket")) {
        tell(socket(AF_VSOCK_FAMILY, SOCK_STREAM, 0), EAFNOSUPPORT);
    } else if (!strcmp(way, "vsock-socketpair")) {
        tell(socketpair(AF_VSOCK_FAMILY, SOCK_STREAM, 0, pair), EAFNOSUPPORT);
    } else if (!strcmp(way, "packet-socket")) {
        tell(socket(AF_PACKET_FAMILY, SOCK_RAW, 0), EAFNOSUPPORT);
    } else if (!strcmp(way, "x32-socket")) {
        /* socket's x32 number: the same call through the x32 ABI. */
        tell(syscall(X32_BIT | SYS_socket, AF_VSOCK_FAMILY, SOCK_STREAM, 0), ENOSYS);
    } else if (!strcmp(way, "io-uring-setup")) {
        /* A null params: the kernel answers EFAULT when it looks at it. */
        tell(syscall(IO_URING_SETUP, 1, NULL), ENOSYS);
    } else if (!strcmp(way, "int-0x80")) {
        /* socket through the i386 ABI, in a child: the filter kills it (SIGSYS). */
        pid_t child = fork();
        if (child == 0) {
            long result;
            __asm__ volatile("int $0x80"
                             : "=a"(result)
                             : "a"((long)I386_SOCKET), "b"((long)AF_VSOCK_FAMILY),
                               "c"((long)SOCK_STREAM), "d"(0L)
                             : "memory");
            _exit(result >= 0 ? 0 : 1);
        }
        int status = 0;
        waitpid(child, &status, 0);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS)
            printf("refused\n");
        else
            printf("escaped: status %d\n", status);
    } else if (!strcmp(way, "int-0x80-itself")) {
        /* getpid through the i386 ABI, by the program itself. */
        long result;
        __asm__ volatile("int $0x80" : "=a"(result) : "a"(20L) : "memory");
        printf("escaped: result %ld\n", result);
    } else {
        printf("no such way: %s\n", way);
    }
    return 0;
}
"#;

/// The probe compiled with `gcc` (once, into the test's own folder), or why it cannot be.
fn probe() -> Result<&'static Path, String> {
    static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("seccomp-probe");
            fs::create_dir_all(&folder).unwrap();
            let source = folder.join("probe.c");
            fs::write(&source, PROBE).unwrap();
            let binary = folder.join("probe");
            match Command::new("gcc")
                .arg("-O1")
                .arg("-o")
                .arg(&binary)
                .arg(&source)
                .status()
            {
                Ok(status) if status.success() => Ok(binary),
                Ok(status) => Err(format!("gcc could not build the probe ({status})")),
                Err(error) => Err(format!("no gcc here ({error})")),
            }
        })
        .as_ref()
        .map(PathBuf::as_path)
        .map_err(Clone::clone)
}

/// A case folder of one case whose answer is `answer`.
fn case_folder(answer: &str) -> PathBuf {
    common::fresh_folder(
        "seccomp",
        "problem",
        &[("sample-1.in", "question\n"), ("sample-1.out", answer)],
    )
}

/// `judge --cmd COMMAND DIR EXTRA…`: stdout, stderr.
fn judged(command: &str, dir: &Path, extra: &[&str]) -> (String, String) {
    let output = common::judge_cmd(command, dir, extra)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Whether the judge's banner (`err`) says the sandbox is off here: then the test's skip is
/// recorded, and it returns.
fn sandbox_off(err: &str) -> bool {
    let off = !err.contains("sandbox: on");
    if off {
        common::skip(
            "needs the sandbox",
            &format!("the sandbox is off here: {err}"),
        );
    }
    off
}

/// The way `way` is refused in the box (AC) and, where the machine's kernel lets it through
/// without the filter (the probe run by the test itself escapes), gets through with
/// `--no-sandbox` (WA).
fn refused_in_the_box(way: &str) {
    let probe = match probe() {
        Ok(probe) => probe,
        Err(why) => return common::skip("needs gcc", &why),
    };
    let command = format!("{} {way}", probe.display());
    let dir = case_folder("refused\n");
    let (out, err) = judged(&command, &dir, &[]);
    if sandbox_off(&err) {
        return;
    }
    assert!(
        out.contains("problem/sample-1  AC"),
        "in the box:\n{out}\n{err}"
    );
    let outside = Command::new(probe).arg(way).output().unwrap();
    if String::from_utf8_lossy(&outside.stdout) == "refused\n" {
        return common::skip(
            "needs a kernel that lets it through",
            &format!(
                "this kernel refuses {way} without the filter: only the box's answer was checked"
            ),
        );
    }
    let (out, err) = judged(&command, &dir, &["--no-sandbox"]);
    assert!(
        out.contains("problem/sample-1  WA"),
        "without the box:\n{out}\n{err}"
    );
}

#[test]
fn a_vsock_socket_is_refused() {
    refused_in_the_box("vsock-socket");
}

#[test]
fn a_vsock_socketpair_is_refused() {
    refused_in_the_box("vsock-socketpair");
}

#[test]
fn a_packet_socket_is_refused() {
    refused_in_the_box("packet-socket");
}

#[test]
fn the_x32_number_of_socket_is_refused() {
    refused_in_the_box("x32-socket");
}

#[test]
fn a_call_through_the_i386_abi_kills_the_caller() {
    refused_in_the_box("int-0x80");
}

#[test]
fn a_program_calling_through_the_i386_abi_is_a_runtime_error_by_sigsys() {
    let probe = match probe() {
        Ok(probe) => probe,
        Err(why) => return common::skip("needs gcc", &why),
    };
    let dir = case_folder("refused\n");
    let (out, err) = judged(&format!("{} int-0x80-itself", probe.display()), &dir, &[]);
    if sandbox_off(&err) {
        return;
    }
    assert!(out.contains("problem/sample-1  RE"), "{out}\n{err}");
    assert!(out.contains("killed by signal 31 (SIGSYS)"), "{out}");
    assert!(out.contains("hint: SIGSYS is how the sandbox's"), "{out}");
}

#[test]
fn io_uring_setup_is_refused() {
    refused_in_the_box("io-uring-setup");
}

#[test]
fn the_allowed_socket_families_are_still_made() {
    // AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK sockets, and a pair of AF_UNIX ones (Python's
    // own socketpair, as a runtime's event loop makes it).
    let dir = case_folder("made\n");
    let script = "import socket\n\
                  for family in (socket.AF_UNIX, socket.AF_INET, socket.AF_INET6, 16):\n\
                  \x20   socket.socket(family, socket.SOCK_DGRAM).close()\n\
                  socket.socketpair()\n\
                  print('made')\n";
    let program = dir.parent().unwrap().join("families.py");
    fs::write(&program, script).unwrap();
    let (out, err) = judged(&format!("python3 {}", program.display()), &dir, &[]);
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
}

#[test]
fn a_boxed_program_has_isolates_limits_on_open_files_and_locked_memory() {
    // Soft and hard: 0 KiB locked, 1024 descriptors.
    let dir = case_folder("0 0 1024 1024\n");
    let command = "sh -c 'echo $(ulimit -l) $(ulimit -Hl) $(ulimit -n) $(ulimit -Hn)'";
    let (out, err) = judged(command, &dir, &[]);
    if sandbox_off(&err) {
        return;
    }
    assert!(out.contains("problem/sample-1  AC"), "{out}\n{err}");
    // The judge's own limits differ here (else this test could not fail).
    let (out, err) = judged(command, &dir, &["--no-sandbox"]);
    if out.contains("problem/sample-1  AC") {
        return common::skip(
            "needs limits other than the box's",
            &format!("the judge's own limits are the box's: {out}"),
        );
    }
    assert!(out.contains("problem/sample-1  WA"), "{out}\n{err}");
}

/// Every language's run line starts in the box (under the filter): a source file of each that
/// prints `started`, built and judged as a judge would; skipped where its tool is missing.
#[test]
#[cfg(feature = "slow-tests")]
fn every_languages_run_line_still_starts_in_the_box() {
    let sources = [
        ("python3", "started.py", "print('started')\n"),
        (
            "node",
            "started.js",
            "const fs = require('fs');\nfs.writeSync(1, 'started\\n');\n",
        ),
        (
            "javac",
            "Main.java",
            "public class Main {\n    public static void main(String[] args) {\n        \
             System.out.println(\"started\");\n    }\n}\n",
        ),
        (
            "g++",
            "started.cpp",
            "#include <cstdio>\nint main() { std::puts(\"started\"); }\n",
        ),
    ];
    let dir = case_folder("started\n");
    let mut judged_any = false;
    for (tool, file, source) in sources {
        let present = Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|output| output.status.success());
        if !present {
            common::skip(&format!("needs {tool}"), &format!("{file}: no {tool} here"));
            continue;
        }
        let folder = dir.parent().unwrap().join(file.replace('.', "-"));
        fs::create_dir_all(&folder).unwrap();
        let path = folder.join(file);
        fs::write(&path, source).unwrap();
        let (out, err) = judged(path.to_str().unwrap(), &dir, &["-t", "10"]);
        if sandbox_off(&err) {
            return;
        }
        assert!(
            out.contains("problem/sample-1  AC"),
            "{file}:\n{out}\n{err}"
        );
        judged_any = true;
    }
    assert!(judged_any, "no language was judged");
}
