// Package raster paints the board on the CPU (standard library and
// x/image only, no Ebitengine, so PNGs can be made with no display): the
// terrain, grid, label and outline layers of a map, the terrain key, and
// the pen the window paints its counters with.
package raster
