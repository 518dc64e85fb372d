//go:build !unix

package fileio

import "io/fs"

const oNonblock = 0

func links(st fs.FileInfo) uint64 { return 1 }

func syncUnsupported(err error) bool { return true }
