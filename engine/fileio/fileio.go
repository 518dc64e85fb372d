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
//   - Update changes a file in place of its last reader: it locks the file,
//     reads it, hands the bytes to a function and writes what that returns,
//     refusing (ErrBusy) when another writer holds the lock or changed the
//     file meanwhile, so two writers never lose one another's change.
//   - A writer killed mid-way leaves a temporary file ("." + the target's
//     name + "." + random + ".tmp"); the next write to that target removes
//     it (cleanStale).
//   - CheckTOML is a linear pre-scan run before any TOML decoder: it refuses
//     input that is too large or nested too deeply, because the decoder's
//     cost grows with the square of the nesting depth.
//   - Clip shortens user input before it is echoed in a message.
package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
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
	return write(path, data, perm, nil)
}

// write is WriteFile; with expect not nil the target must still hold
// exactly expect just before the rename (Update), or nothing is written.
func write(path string, data []byte, perm os.FileMode, expect []byte) error {
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
	cleanStale(dir, base)
	var f *os.File
	var tmp string
	for try := 0; ; try++ {
		tmp = filepath.Join(dir, tmpPrefix(base)+strconv.FormatUint(rand.Uint64()>>16, 36)+tmpSuffix)
		var err error
		f, err = os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm.Perm())
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || try > 100 {
			return osErr(path, err)
		}
	}
	// Held until the file is closed (or this process dies): cleanStale
	// leaves a locked temporary file alone, its writer is alive.
	_, _ = tryLock(f)
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
	if expect != nil && !holds(path, expect) {
		os.Remove(tmp)
		return busy(path)
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

// Temporary files of WriteFile are tmpPrefix(base) + random + tmpSuffix.
const tmpSuffix = ".tmp"

func tmpPrefix(base string) string { return "." + base + "." }

// staleAge is how old a temporary file must be before cleanStale takes it
// as left by a killed writer: on systems with flock only long enough to
// cover the instant between creating the file and locking it; elsewhere
// long enough that no live writer is still writing it.
var staleAge = func() time.Duration {
	if haveLocks {
		return 5 * time.Second
	}
	return 10 * time.Minute
}()

// maxStale bounds the temporary files one write removes.
const maxStale = 64

// cleanStale removes the temporary files that earlier writes to base in
// dir left behind when their writer was killed: regular files named like
// ours, older than staleAge and, where locks exist, not locked by a live
// writer. Failures are ignored: cleaning is a courtesy, the write goes on.
func cleanStale(dir, base string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	prefix := tmpPrefix(base)
	removed := 0
	for removed < maxStale {
		ents, err := d.ReadDir(256)
		for _, e := range ents {
			n := e.Name()
			if !strings.HasPrefix(n, prefix) || !strings.HasSuffix(n, tmpSuffix) || len(n) <= len(prefix)+len(tmpSuffix) || !e.Type().IsRegular() {
				continue
			}
			if staleTemp(filepath.Join(dir, n)) {
				removed++
			}
		}
		if err != nil || len(ents) == 0 {
			return
		}
	}
}

// staleTemp removes the temporary file p if it is stale, and says so.
func staleTemp(p string) bool {
	st, err := os.Lstat(p)
	if err != nil || !st.Mode().IsRegular() || time.Since(st.ModTime()) < staleAge {
		return false
	}
	f, err := os.OpenFile(p, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if ok, err := tryLock(f); err != nil || !ok {
		return false // a live writer holds it
	}
	return os.Remove(p) == nil
}

// ErrBusy is Update's refusal: another writer holds the file or changed
// it since it was read. Nothing was written.
var ErrBusy = errors.New("another program is changing this file; nothing was written (try again)")

func busy(path string) error { return fmt.Errorf("%s: %w", name(path), ErrBusy) }

// holds reports whether the file at path still holds exactly want.
func holds(path string, want []byte) bool {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() != int64(len(want)) {
		return false
	}
	cur, err := ReadFile(path, int64(len(want)))
	return err == nil && bytes.Equal(cur, want)
}

// Update rewrites an existing regular file from its own content: it locks
// the file (exclusively, without waiting), reads it (at most max bytes),
// calls change with the bytes and writes what change returns through the
// same atomic path as WriteFile. If another Update holds the lock, or the
// file is replaced or changed between the read and the rename, nothing is
// written and the error wraps ErrBusy; an error from change is returned
// as it is. Where flock does not exist only the comparison before the
// rename guards, which leaves a window of a few system calls.
func Update(path string, max int64, change func(old []byte) ([]byte, error)) error {
	f, err := os.OpenFile(path, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return osErr(path, err)
	}
	defer f.Close() // closing drops the lock
	st, err := f.Stat()
	if err != nil {
		return osErr(path, err)
	}
	if err := regular(path, st); err != nil {
		return err
	}
	ok, err := tryLock(f)
	if err != nil {
		return osErr(path, err)
	}
	if !ok {
		return busy(path)
	}
	// The lock is on the file opened; a writer may have renamed a new one
	// over the name since.
	if now, err := os.Stat(path); err != nil || !os.SameFile(st, now) {
		return busy(path)
	}
	old, err := ReadFile(path, max)
	if err != nil {
		return err
	}
	data, err := change(old)
	if err != nil {
		return err
	}
	return write(path, data, 0o644, old)
}

// AtLine rewrites an error of this package, "PATH: message", as
// "PATH:line: message", the form of every other error about a file's
// content; errors.Is still sees the cause. Other errors are prefixed.
func AtLine(path string, line int, err error) error {
	msg := strings.TrimPrefix(err.Error(), name(path)+": ")
	return &lineError{fmt.Sprintf("%s:%d: %s", name(path), line, msg), err}
}

type lineError struct {
	msg string
	err error
}

func (e *lineError) Error() string { return e.msg }
func (e *lineError) Unwrap() error { return e.err }
