//go:build unix

package fileio

import (
	"errors"
	"io/fs"
	"syscall"
)

// oNonblock makes opening a FIFO return at once instead of waiting for a
// writer; it has no effect on regular files.
const oNonblock = syscall.O_NONBLOCK

func links(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}

func syncUnsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EBADF)
}
