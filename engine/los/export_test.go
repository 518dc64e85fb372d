package los

// NewTracedChecker is a Checker that traces every thread itself instead
// of walking the grid's shared templates: the reference the fast paths
// (Viewshed, DeadGround, the templates) are compared with.
func (g *Grid) NewTracedChecker() *Checker {
	c := g.NewChecker()
	c.traced = true
	return c
}
