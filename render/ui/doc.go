// Package ui is the window's widgets, which any scene can use as they
// are: the input read as actions through a keymap, the camera, the map
// view (MapScene: the rasterised layers, hover, the line-of-sight tool,
// the map key, the viewer's keys), counters and markers, the status bar,
// panels and text, and the Scene and Context every screen runs on. The
// scenes themselves (menu, viewer, game, how to play) and the window that
// hosts them are in package render; ui imports neither.
package ui
