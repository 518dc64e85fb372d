// Package assets embeds Khamsin's data: the desert boards and overlays as
// text files (docs/formats.md). It holds data only and imports nothing of the
// game, so every other package may read it.
package assets

import "embed"

// Data holds boards/*.board and overlays/*.overlay.
//
//go:embed boards overlays
var Data embed.FS

// Catalogue holds catalogue/*.toml, the unit catalogue (engine/forces,
// docs/formats.md "Unit catalogue").
//
//go:embed catalogue/*.toml
var Catalogue embed.FS
