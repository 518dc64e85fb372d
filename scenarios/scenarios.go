// Package scenarios embeds the built-in scenario files (TOML, described in
// docs/formats.md). It holds data only; engine/scenario reads it.
package scenarios

import "embed"

// Files holds every *.toml scenario, named by file name without extension.
//
//go:embed *.toml
var Files embed.FS
