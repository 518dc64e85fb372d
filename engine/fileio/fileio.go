// Package fileio is the one place Khamsin reads and writes files the user
// names. Saves, scenarios, boards and overlays are swapped between players,
// so every path is hostile until checked:
//
//   - ReadFile reads regular files only (never a FIFO, a device, a socket or
//     a directory) and refuses a file larger than a limit before reading it.
//   - WriteFile replaces a file atomically: a temporary file in the same
//     directory, fsync, rename over the target, fsync the directory. A writer
//     killed at any byte leaves the previous file whole. It refuses targets
//     that are not plain regular files: symbolic links (the link is not
//     replaced and its target is not written), files with more than one hard
//     link (an atomic rename would silently split the link, and an in-place
//     write is not atomic, so we refuse and say why), devices, FIFOs,
//     sockets and directories. An existing file keeps its permission bits.
//   - CheckTOML is a linear pre-scan run before any TOML decoder: it refuses
//     input that is too large or nested too deeply, because the decoder's
//     cost grows with the square of the nesting depth.
//   - Clip shortens user input before it is echoed in a message.
package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"unicode/utf8"
)

// Clip returns s shortened to at most n runes, ending in "…" when cut, so
// that a hostile input (a 10 MB flag or file name) is never echoed whole.
func Clip(s string, n int) string {
	if n < 1 {
		n = 1
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// PathClip is the length to which paths are clipped in messages.
const PathClip = 60

func name(path string) string { return Clip(path, PathClip) }

// kind names a non-regular file mode for a message.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file"
}

// osErr strips the operation and path from an *fs.PathError so that the
// message reads "PATH: no such file or directory" while errors.Is still
// sees the OS error (fs.ErrNotExist, fs.ErrPermission, ...).
func osErr(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", name(path), err)
}

// ReadFile returns the contents of the regular file at path, refusing
// anything else and any file larger than max bytes. It never blocks on a
// FIFO and never reads a device: the path is checked with stat before it is
// opened (non-blocking) and the opened descriptor is checked again.
func ReadFile(path string, max int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, osErr(path, err)
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	if err := fits(path, st.Size(), max); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return nil, osErr(path, err)
	}
	defer f.Close()
	st, err = f.Stat() // the file opened may not be the file checked
	if err != nil {
		return nil, osErr(path, err)
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	if err := fits(path, st.Size(), max); err != nil {
		return nil, err
	}
	// The file may grow while it is read: read at most max+1 bytes.
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, osErr(path, err)
	}
	if err := fits(path, int64(len(data)), max); err != nil {
		return nil, err
	}
	return data, nil
}

func regular(path string, st fs.FileInfo) error {
	if st.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s: is %s, not a regular file", name(path), kind(st.Mode()))
}

func fits(path string, n, max int64) error {
	if n > max {
		return fmt.Errorf("%s: file is %d bytes; the limit is %d", name(path), n, max)
	}
	return nil
}

// writeHook, when set by a test, is called before each chunk is written
// with the offset of that chunk; an error aborts the write there.
var writeHook func(off int) error

// chunk is the size of each write, so a test can stop a writer mid-way.
const chunk = 64 << 10

// WriteFile writes data to path atomically. An existing target must be a
// regular file with a single link; it keeps its permission bits (perm is
// used only for a new file, and the umask applies to it). The data goes to
// a temporary file in the same directory, which is fsynced and renamed
// over the target; then the directory is fsynced. On any error the
// previous file is untouched and the temporary file removed.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	keep := fs.FileMode(0)
	exists := false
	if st, err := os.Lstat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s: is %s; refusing to replace it", name(path), kind(st.Mode()))
		}
		if n := links(st); n > 1 {
			return fmt.Errorf("%s: has %d hard links; refusing to replace it (the other names would keep the old content)", name(path), n)
		}
		keep, exists = st.Mode().Perm(), true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return osErr(path, err)
	}
	dir := filepath.Dir(path)
	base := filepath.Base(path)
	var f *os.File
	var tmp string
	for try := 0; ; try++ {
		tmp = filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64()>>16, 36)+".tmp")
		var err error
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm.Perm())
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || try > 100 {
			return osErr(path, err)
		}
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return osErr(path, err)
	}
	if exists {
		if err := f.Chmod(keep); err != nil {
			return fail(err)
		}
	}
	for off := 0; off < len(data); off += chunk {
		if writeHook != nil {
			if err := writeHook(off); err != nil {
				return fail(err)
			}
		}
		if _, err := f.Write(data[off:min(off+chunk, len(data))]); err != nil {
			return fail(err)
		}
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return osErr(path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return osErr(path, err)
	}
	return syncDir(dir)
}

// syncDir makes the rename durable. File systems that cannot sync a
// directory (EINVAL, ENOTSUP) are not an error: the rename is already
// atomic there.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !syncUnsupported(err) {
		return osErr(dir, err)
	}
	return nil
}
