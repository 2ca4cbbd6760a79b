//! Writing `--out` files so that a good file is never destroyed: the text goes to a temporary
//! file in the same folder, is flushed to disk, and only then renamed over the target. A full
//! disk, a file-size limit, an error or Ctrl-C mid-write leaves the old file as it was (and at
//! worst a `.docshape-*.tmp` file beside it). An output that is one of the inputs is refused.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Refuses `out` when it names the same file as one of `inputs` (through another path or a
/// link too): writing it would destroy what is being read.
pub fn refuse_input(out: &Path, inputs: &[&str]) -> Result<(), String> {
    for input in inputs {
        if same_file(out, Path::new(input)) {
            return Err(format!(
                "{} is the input file {input}: docshape never writes over its input; choose another output file",
                out.display()
            ));
        }
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if ma.dev() == mb.dev() && ma.ino() == mb.ino() {
            return true;
        }
    }
    let _ = (ma, mb);
    matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Writes `path` through `write` safely (see the module comment). A target that exists and is
/// not a regular file (`/dev/stdout`, a pipe) is written directly.
pub fn write_file(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), String> {
    let shown = path.display();
    if let Ok(meta) = fs::metadata(path) {
        if !meta.is_file() {
            let file = OpenOptions::new().write(true).open(path).map_err(|e| format!("cannot write {shown}: {e}"))?;
            let mut out = BufWriter::new(file);
            return write(&mut out).and_then(|()| out.flush()).map_err(|e| format!("cannot write {shown}: {e}"));
        }
    }
    // Through a symbolic link, replace the file it points to, not the link.
    let target = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let (tmp, file) = temporary_beside(&target).map_err(|e| format!("cannot write {shown}: {e}"))?;
    let result = fill(file, write, fs::metadata(&target).ok()).and_then(|()| fs::rename(&tmp, &target));
    match result {
        Ok(()) => {
            sync_folder(&target);
            Ok(())
        }
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(format!("cannot write {shown}: {e} (the file was left as it was)"))
        }
    }
}

/// Writes `text` to `path` safely.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    write_file(path, |out| out.write_all(text.as_bytes()))
}

fn fill(file: File, write: impl FnOnce(&mut dyn Write) -> io::Result<()>, old: Option<fs::Metadata>) -> io::Result<()> {
    if let Some(old) = old {
        // Keep the permissions of the file being replaced.
        file.set_permissions(old.permissions())?;
    }
    let mut out = BufWriter::with_capacity(1 << 16, file);
    write(&mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()
}

fn temporary_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for attempt in 0..100u32 {
        let tmp = folder.join(format!(".{name}.docshape-{}-{attempt}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free temporary file name"))
}

/// Makes the rename itself durable (best effort: not every system can sync a folder).
fn sync_folder(target: &Path) {
    #[cfg(unix)]
    if let Some(folder) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        if let Ok(dir) = File::open(folder) {
            let _ = dir.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = target;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("docshape-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = folder("fail");
        let path = dir.join("model.json");
        fs::write(&path, "good").unwrap();
        let err = write_file(&path, |out| {
            out.write_all(&[b'x'; 100_000])?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(err.contains("disk full") && err.contains("left as it was"), "{err}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "good");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "a temporary file was left behind");
    }

    #[test]
    fn a_write_replaces_the_file_and_keeps_links() {
        let dir = folder("ok");
        let path = dir.join("out.md");
        write_text(&path, "one").unwrap();
        write_text(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        #[cfg(unix)]
        {
            let link = dir.join("link.md");
            std::os::unix::fs::symlink(&path, &link).unwrap();
            write_text(&link, "three").unwrap();
            assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
            assert_eq!(fs::read_to_string(&path).unwrap(), "three");
            assert!(refuse_input(&link, &[path.to_str().unwrap()]).is_err());
        }
        assert!(refuse_input(&path, &[dir.join("other").to_str().unwrap()]).is_ok());
        let dotted = dir.join(".").join("out.md");
        assert!(refuse_input(&dotted, &[path.to_str().unwrap()]).is_err());
    }
}
