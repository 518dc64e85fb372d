package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"khamsin/engine/fileio"
)

// Issue 17, Hardening: saves under hostile use. Each test names its item.

// newSave starts a dawn game in a temporary directory.
func newSave(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "g.save")
	if code, _, errs := capture("game", "new", "--scenario", "dawn", "--seed", "5", "-o", p); code != 0 {
		t.Fatalf("game new: %s", errs)
	}
	return p
}

// savedCommands lists the commands of a save's do lines.
func savedCommands(t *testing.T, p string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.SplitN(l, " ", 3); len(f) == 3 && f[0] == "do" {
			out[f[2]] = true
		}
	}
	return out
}

// concurrentDo checks the outcome of several "game do" run at once, each
// with its own command: every command that exited 0 is in the save, and
// every one that is not was refused with a file:line message.
func concurrentDo(t *testing.T, p string, cmds []string, code []int, errs []string) {
	t.Helper()
	saved := savedCommands(t, p)
	ok := 0
	for i, c := range cmds {
		switch {
		case code[i] == 0:
			ok++
			if !saved[c] {
				t.Errorf("%q exited 0 but is not in the save: lost", c)
			}
		case saved[c]:
			t.Errorf("%q was refused (%s) but is in the save", c, errs[i])
		case !strings.HasPrefix(errs[i], p+":"):
			t.Errorf("%q refused without file:line: %q", c, errs[i])
		}
	}
	if ok == 0 || len(saved) != ok {
		t.Errorf("%d commands accepted, %d in the save", ok, len(saved))
	}
	if code, _, errs := capture("replay", p); code != 0 {
		t.Errorf("the save no longer replays: %s", errs)
	}
}

// challenges lists up to n "challenge" commands legal at the start of
// the save's game: each stays legal after the others.
func challenges(t *testing.T, p string, n int) []string {
	t.Helper()
	code, out, errs := capture("game", "legal", p, "--json")
	if code != 0 {
		t.Fatal(errs)
	}
	var legal struct{ Commands []string }
	if err := json.Unmarshal([]byte(out), &legal); err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, c := range legal.Commands {
		if strings.HasPrefix(c, "challenge ") && len(cmds) < n {
			cmds = append(cmds, c)
		}
	}
	if len(cmds) < n {
		t.Fatalf("only %d challenge commands: %v", len(cmds), legal.Commands)
	}
	return cmds
}

// Item 1: two (here eight) "game do" on one save at once, in one
// process: none is lost; the losers are refused.
func TestGameDoConcurrentInProcess(t *testing.T) {
	for round := 0; round < 3; round++ {
		p := newSave(t)
		cmds := challenges(t, p, 8)
		code := make([]int, len(cmds))
		errs := make([]string, len(cmds))
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, c := range cmds {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				code[i], _, errs[i] = capture("game", "do", p, c)
			}()
		}
		close(start)
		wg.Wait()
		concurrentDo(t, p, cmds, code, errs)
	}
}

// Item 1: the same with separate khamsin processes (this test binary run
// as the program, see TestMain), the race the hostile run found.
func TestGameDoConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	p := newSave(t)
	cmds := challenges(t, p, 6)
	code := make([]int, len(cmds))
	errs := make([]string, len(cmds))
	procs := make([]*exec.Cmd, len(cmds))
	outs := make([]*bytes.Buffer, len(cmds))
	for i, c := range cmds {
		procs[i] = exec.Command(os.Args[0], "-test.run=^$")
		procs[i].Env = append(os.Environ(), "KHAMSIN_RUN_MAIN="+strings.Join([]string{"game", "do", p, c}, "\n"))
		outs[i] = &bytes.Buffer{}
		procs[i].Stderr = outs[i]
	}
	for _, c := range procs {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range procs {
		c.Wait()
		code[i], errs[i] = c.ProcessState.ExitCode(), outs[i].String()
	}
	concurrentDo(t, p, cmds, code, errs)
}

// Item 1: while another writer holds the save, "game do" is refused at
// once with a clear file:line message and the save is untouched.
func TestGameDoRefusedWhileSaveBusy(t *testing.T) {
	p := newSave(t)
	before, _ := os.ReadFile(p)
	inside, release, done := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		done <- fileio.Update(p, 1<<20, func(old []byte) ([]byte, error) {
			close(inside)
			<-release
			return old, nil
		})
	}()
	<-inside
	code, out, errs := capture("game", "do", p, "ready")
	close(release)
	<-done
	want := p + ":1: another program is changing this file; nothing was written (try again)\n"
	if code != 1 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, out, errs, want)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(before, after) {
		t.Error("the save changed")
	}
}

// Item 6: a refused command reads "SAVE:line: refused: …", the line the
// command would have taken, like every other error; the save is
// byte-identical.
func TestGameDoRefusalHasALine(t *testing.T) {
	p := newSave(t)
	before, _ := os.ReadFile(p)
	n := strings.Count(string(before), "\n")
	code, out, errs := capture("game", "do", p, "fly to the moon")
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(p) + `:(\d+): refused: "fly to the moon": .+\n$`)
	m := re.FindStringSubmatch(errs)
	if code != 1 || out != "" || m == nil || m[1] != strconv.Itoa(n+1) {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %s:%d: refused: …", code, out, errs, p, n+1)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(before, after) {
		t.Error("a refused command changed the save")
	}
	// A save that cannot be read names line 1.
	dir := filepath.Dir(p)
	for _, c := range [][]string{
		{"game", "do", dir, "ready"},
		{"game", "do", filepath.Join(dir, "none.save"), "ready"},
		{"game", "show", filepath.Join(dir, "none.save")},
	} {
		if code, _, errs := capture(c...); code != 1 || !strings.HasPrefix(errs, c[2]+":1: ") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %s:1: …", c, code, errs, c[2])
		}
	}
}
