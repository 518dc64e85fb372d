package fileio

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 60, "short"},
		{"abcdef", 4, "abc…"},
		{"ééééé", 3, "éé…"},
		{strings.Repeat("x", 1<<20), 60, strings.Repeat("x", 59) + "…"},
	} {
		if got := Clip(c.in, c.n); got != c.want {
			t.Errorf("Clip(%.10q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// Hardening (issue 9): read only regular files, cap their size, keep the OS
// error in the message, never hang on a FIFO or read /dev/zero.
func TestReadFileRefusals(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.toml")
	os.WriteFile(ok, []byte("a = 1\n"), 0o644)
	big := filepath.Join(dir, "big.toml")
	os.WriteFile(big, make([]byte, 2000), 0o644)
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.toml")
	os.Symlink(ok, link)
	for _, c := range []struct {
		path, want string
		is         error
	}{
		{ok, "", nil},
		{link, "", nil}, // reading through a symlink to a regular file is fine
		{filepath.Join(dir, "missing"), "missing: no such file or directory", fs.ErrNotExist},
		{dir, "is a directory, not a regular file", nil},
		{"/dev/zero", "/dev/zero: is a character device, not a regular file", nil},
		{"/dev/null", "/dev/null: is a character device, not a regular file", nil},
		{fifo, "pipe: is a named pipe (FIFO), not a regular file", nil},
		{big, "big.toml: file is 2000 bytes; the limit is 1000", nil},
	} {
		data, err := ReadFile(c.path, 1000)
		if c.want == "" {
			if err != nil || string(data) != "a = 1\n" {
				t.Errorf("ReadFile(%s) = %q, %v", c.path, data, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadFile(%s) error %v, want it to contain %q", c.path, err, c.want)
		}
		if c.is != nil && !errors.Is(err, c.is) {
			t.Errorf("ReadFile(%s) error %v is not %v", c.path, err, c.is)
		}
	}
}

func TestReadFileLongPathClipped(t *testing.T) {
	long := "/nonexistent/" + strings.Repeat("a", 5000)
	_, err := ReadFile(long, 10)
	if err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), "…") {
		t.Errorf("error not clipped: %.300v", err)
	}
}

func TestWriteFileNewAndReplace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "save.khs")
	if err := WriteFile(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("new file mode %v, want 0600", st.Mode().Perm())
	}
	// An existing file keeps its mode, whatever perm says.
	os.Chmod(p, 0o640)
	if err := WriteFile(p, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o640 {
		t.Errorf("mode after rewrite %v, want 0640 kept", st.Mode().Perm())
	}
	if b, _ := os.ReadFile(p); string(b) != "two" {
		t.Errorf("content %q", b)
	}
	assertNoTemp(t, dir, 1)
}

// Hardening (issue 9): render -o and saves must not replace symlinks, hard
// links or device nodes.
func TestWriteFileRefusals(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	os.WriteFile(target, []byte("keep me"), 0o644)
	link := filepath.Join(dir, "out.png")
	os.Symlink(target, link)
	hard := filepath.Join(dir, "hard.png")
	os.Link(target, hard)
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o644)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	for _, c := range []struct{ path, want string }{
		{link, "out.png: is a symbolic link; refusing to replace it"},
		{hard, "hard.png: has 2 hard links; refusing to replace it"},
		{target, "precious: has 2 hard links"},
		{"/dev/null", "/dev/null: is a character device; refusing to replace it"},
		{fifo, "fifo: is a named pipe (FIFO); refusing to replace it"},
		{sub, "sub: is a directory; refusing to replace it"},
		{filepath.Join(dir, "nodir", "x.png"), "x.png: no such file or directory"},
	} {
		err := WriteFile(c.path, []byte("overwritten"), 0o644)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("WriteFile(%s) = %v, want %q", c.path, err, c.want)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me" {
		t.Errorf("target changed to %q", b)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("symlink replaced")
	}
	assertNoTemp(t, dir, 5)
}

func assertNoTemp(t *testing.T, dir string, want int) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	if len(ents) != want {
		t.Errorf("%d entries in %s, want %d", len(ents), dir, want)
	}
}

// Hardening (issue 9): a writer that fails at any chunk leaves the
// previous file whole and no temporary file behind.
func TestWriteFileFailsMidwayKeepsPrevious(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "save.khs")
	old := bytes.Repeat([]byte("old "), 1000)
	os.WriteFile(p, old, 0o644)
	data := bytes.Repeat([]byte("new!"), 5*chunk/4) // five chunks
	defer func() { writeHook = nil }()
	for stop := 0; stop < len(data); stop += chunk {
		writeHook = func(off int) error {
			if off == stop {
				return errors.New("disk on fire")
			}
			return nil
		}
		err := WriteFile(p, data, 0o644)
		if err == nil || !strings.Contains(err.Error(), "disk on fire") {
			t.Fatalf("stop at %d: error %v", stop, err)
		}
		if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
			t.Fatalf("stop at %d: previous file changed (%d bytes)", stop, len(b))
		}
		assertNoTemp(t, dir, 1)
	}
}

// Hardening (issue 9): a save killed mid-way leaves the previous save whole.
// The test re-runs its own binary as a writer of a large file, kills it with
// SIGKILL while it writes, and checks that the target still holds the old
// content.
func TestWriteFileKilledKeepsPrevious(t *testing.T) {
	if p := os.Getenv("FILEIO_KILL_WRITER"); p != "" {
		ready := os.Getenv("FILEIO_KILL_READY")
		writeHook = func(off int) error {
			if off == 4*chunk {
				os.WriteFile(ready, nil, 0o644) // tell the parent we are mid-way
				time.Sleep(time.Minute)         // and wait to be killed
			}
			return nil
		}
		WriteFile(p, bytes.Repeat([]byte{'N'}, 64*chunk), 0o644)
		os.Exit(0)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "save.khs")
	ready := filepath.Join(t.TempDir(), "ready")
	old := bytes.Repeat([]byte("old save\n"), 100)
	os.WriteFile(p, old, 0o644)
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriteFileKilledKeepsPrevious$")
	cmd.Env = append(os.Environ(), "FILEIO_KILL_WRITER="+p, "FILEIO_KILL_READY="+ready)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("writer never reached mid-way")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if b, _ := os.ReadFile(p); !bytes.Equal(b, old) {
		t.Fatalf("previous save changed: %d bytes", len(b))
	}
	// The killed writer's temporary file may remain (nobody can remove it
	// after SIGKILL) but it is a hidden .tmp, never the save itself, and it
	// holds partial data.
	ents, _ := os.ReadDir(dir)
	partial := false
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			fi, _ := e.Info()
			partial = fi.Size() >= 4*chunk
		}
	}
	if !partial {
		t.Error("the writer was not killed mid-write (no partial temporary file)")
	}
	// Issue 17, Hardening 6: the next write to the same file removes the
	// dead writer's temporary file (once older than the grace that covers
	// a live writer between creating and locking it).
	ents, _ = os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			old := time.Now().Add(-2 * staleAge)
			os.Chtimes(filepath.Join(dir, e.Name()), old, old)
		}
	}
	if err := WriteFile(p, []byte("next save\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	assertNoTemp(t, dir, 1)
}

// Issue 17, Hardening 6: stale temporary files are removed by the next
// write to their target, and only those: not a live writer's (locked),
// not a fresh one, not another file's, not a directory.
func TestWriteFileCleansStaleTemps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.save")
	os.WriteFile(p, []byte("v1"), 0o644)
	old := time.Now().Add(-2 * staleAge)
	mk := func(n string, age time.Time) string {
		f := filepath.Join(dir, n)
		os.WriteFile(f, []byte("partial"), 0o644)
		os.Chtimes(f, age, age)
		return f
	}
	dead := mk(".game.save.dead1.tmp", old)
	dead2 := mk(".game.save.dead2.tmp", old)
	fresh := mk(".game.save.fresh.tmp", time.Now())
	other := mk(".other.save.x.tmp", old)
	notOurs := mk("game.save.x.tmp", old)
	live := mk(".game.save.live.tmp", old)
	os.Mkdir(filepath.Join(dir, ".game.save.d.tmp"), 0o755)
	lf, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	if ok, err := tryLock(lf); !ok || err != nil {
		t.Fatalf("lock: %v %v", ok, err)
	}
	if err := WriteFile(p, []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{dead, dead2} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s: a dead writer's temporary file was kept", filepath.Base(f))
		}
	}
	keep := []string{fresh, other, notOurs, filepath.Join(dir, ".game.save.d.tmp")}
	if haveLocks {
		keep = append(keep, live)
	}
	for _, f := range keep {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s: removed, but it was not a stale temporary file of game.save", filepath.Base(f))
		}
	}
}

// Issue 17, Hardening 1: Update refuses a second writer while the first
// holds the file, and refuses to rename over a file changed since it was
// read; in both cases the file keeps the other writer's content.
func TestUpdateRefusesConcurrentWriter(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.save")
	os.WriteFile(p, []byte("v1\n"), 0o644)
	inside := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error)
	go func() {
		done <- Update(p, 1<<20, func(old []byte) ([]byte, error) {
			close(inside)
			<-release
			return append(old, "first\n"...), nil
		})
	}()
	<-inside
	err := Update(p, 1<<20, func(old []byte) ([]byte, error) {
		return append(old, "second\n"...), nil
	})
	if haveLocks && (err == nil || !errors.Is(err, ErrBusy)) {
		t.Errorf("second writer while the first holds the lock: %v; want ErrBusy", err)
	}
	close(release)
	first := <-done
	b, _ := os.ReadFile(p)
	switch {
	case haveLocks && (first != nil || string(b) != "v1\nfirst\n"):
		t.Errorf("first writer: %v, file %q", first, b)
	case !haveLocks && (first == nil) == (err == nil):
		t.Errorf("without locks exactly one writer must win: %v, %v (file %q)", first, err, b)
	}
	// A file changed behind Update's back (a writer that does not lock)
	// between its read and its rename is not overwritten.
	err = Update(p, 1<<20, func(old []byte) ([]byte, error) {
		if err := WriteFile(p, []byte("someone else\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return []byte("lost update\n"), nil
	})
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), ": another program is changing this file") {
		t.Errorf("changed under Update: %v; want ErrBusy", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "someone else\n" {
		t.Errorf("file now %q", b)
	}
	assertNoTemp(t, dir, 1)
	// An error from change writes nothing.
	if err := Update(p, 1<<20, func([]byte) ([]byte, error) { return nil, errors.New("illegal move") }); err == nil || err.Error() != "illegal move" {
		t.Errorf("change's error: %v", err)
	}
	if err := Update(filepath.Join(dir, "none"), 10, nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// Issue 17, Hardening 6: AtLine turns "PATH: message" into "PATH:N: message".
func TestAtLine(t *testing.T) {
	_, err := ReadFile("/no/such/file.save", 10)
	e := AtLine("/no/such/file.save", 1, err)
	if e.Error() != "/no/such/file.save:1: no such file or directory" || !errors.Is(e, fs.ErrNotExist) {
		t.Errorf("%v", e)
	}
}
