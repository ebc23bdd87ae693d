//! Java's (and Scala's) main class, found among the compiled classes by one `javap` over them.

use super::boxed::run_build;
use super::walk::MOST_FILES;
use super::{Failure, Whose};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most bytes of class names given to `javap` at once (a contest submission has a few).
const MOST_JAVAP_BYTES: usize = 64 << 10;

/// The compiled Java classes in `classes`, by their Java names (`pkg.Main`): the one named as
/// the main file first, then the others in name order. Only Java names, and no link followed:
/// what is in `classes` is the build's.
fn java_classes(classes: &Path, main_file: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut folders = vec![PathBuf::new()];
    let java_name = |name: &str| {
        name.chars().next().is_some_and(char::is_alphabetic)
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    while let Some(inside) = folders.pop() {
        for entry in fs::read_dir(classes.join(&inside))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry.file_type().ok();
            if names.len() + folders.len() > MOST_FILES {
                break;
            }
            if kind.is_some_and(|kind| kind.is_dir()) && java_name(&name) {
                folders.push(inside.join(&name));
            } else if let Some(class) = name
                .strip_suffix(".class")
                .filter(|class| java_name(class) && kind.is_some_and(|kind| kind.is_file()))
            {
                let mut path = inside.join(class).to_string_lossy().into_owned();
                path = path.replace('/', ".");
                names.push(path);
            }
        }
    }
    let stem = Path::new(main_file)
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    names.sort_by_key(|name| (name.rsplit('.').next() != Some(stem.as_str()), name.clone()));
    let mut bytes = 0;
    names.retain(|name| {
        bytes += name.len() + 1;
        bytes <= MOST_JAVAP_BYTES
    });
    names
}

/// The classes that `javap -public` (its output `said`) shows with a `static void main(String[])`
/// (or `String...`, perhaps `synchronized` too).
fn classes_with_main(said: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut class: Option<String> = None;
    for line in said.lines() {
        if !line.starts_with(' ') && line.trim_end().ends_with('{') {
            // `public final class pkg.Main extends Base implements Runnable {`
            let words: Vec<&str> = line.split_whitespace().collect();
            class = words
                .iter()
                .position(|word| matches!(*word, "class" | "interface" | "enum" | "record"))
                .and_then(|at| words.get(at + 1))
                .map(|name| name.split('<').next().unwrap_or_default().to_string());
        } else if line.contains("static ")
            && (line.contains(" void main(java.lang.String[])")
                || line.contains(" void main(java.lang.String...)"))
        {
            found.extend(class.take());
        }
    }
    found
}

/// The Java class with `public static void main(String[])`, as the compiled classes say: one
/// `javap` over them all, run as the build runs (boxed for a contestant) under the compile time
/// limit, so no number of classes holds the judge; the class named as the main file first,
/// then the others in name order. `Ok(None)` when no class has one.
pub(super) fn java_class(
    source: &str,
    work: &Path,
    main_file: &str,
    limit: Duration,
    whose: Whose,
) -> Result<Option<String>, Failure> {
    let names = java_classes(&work.join("classes"), main_file);
    if names.is_empty() {
        return Ok(None);
    }
    let line = format!("javap -cp ./classes -public {}", names.join(" "));
    let said = run_build(source, work, &line, limit, whose)?;
    let with_main = classes_with_main(&String::from_utf8_lossy(&said));
    Ok(names.into_iter().find(|name| with_main.contains(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classes_with_main_are_read_from_one_javap_over_them_all() {
        // What javap 17 says of four classes; `Box`'s `main(String)` is not a main.
        let said = "Compiled from \"T.java\"
public final class p.T implements java.lang.Runnable,p.Shape {
  public p.T();
  public void run();
  public static synchronized void main(java.lang.String...);
}
Compiled from \"T.java\"
class p.Box<T extends java.lang.Comparable<T>> implements p.Shape {
  public static void main(java.lang.String);
}
Compiled from \"T.java\"
final class p.Colour extends java.lang.Enum<p.Colour> {
  public static final p.Colour RED;
  public static void main(java.lang.String[]);
}
Compiled from \"T.java\"
interface p.Shape {
}
";
        assert_eq!(classes_with_main(said), ["p.T", "p.Colour"]);
        assert!(classes_with_main("").is_empty());
    }
}
