package hexmap

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"khamsin/assets"
)

// LoadLibrary reads every boards/*.board and overlays/*.overlay in fsys.
// A file's ID must match its name (boards/25.board holds board 25).
func LoadLibrary(fsys fs.FS) (*Library, error) {
	lib := &Library{Boards: map[string]*Board{}, Overlays: map[string]*Overlay{}}
	var errs []error
	boards, _ := fs.Glob(fsys, "boards/*.board")
	for _, name := range boards {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		b, err := ParseBoard(name, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if want := strings.TrimSuffix(path.Base(name), ".board"); b.ID != want {
			errs = append(errs, fmt.Errorf("%s:1: file holds board %s; name it %s.board", name, b.ID, b.ID))
			continue
		}
		lib.Boards[b.ID] = b
	}
	overlays, _ := fs.Glob(fsys, "overlays/*.overlay")
	for _, name := range overlays {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		o, err := ParseOverlay(name, data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if want := strings.TrimSuffix(path.Base(name), ".overlay"); o.ID != want {
			errs = append(errs, fmt.Errorf("%s:1: file holds overlay %s; name it %s.overlay", name, o.ID, o.ID))
			continue
		}
		lib.Overlays[o.ID] = o
	}
	return lib, errors.Join(errs...)
}

var (
	builtinOnce sync.Once
	builtinLib  *Library
	builtinErr  error
)

// Builtin is the library embedded in the binary (package assets), loaded once.
func Builtin() (*Library, error) {
	builtinOnce.Do(func() { builtinLib, builtinErr = LoadLibrary(assets.Data) })
	return builtinLib, builtinErr
}
