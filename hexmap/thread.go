package hexmap

// The LOS thread (brief §4) runs from the centre of one hex to the centre of
// another. It is traced exactly with integers: in "doubled" coordinates
// X = 3q, Y = 2r+q every hex centre and corner is an integer point (a flat
// topped hex of size 1 has corners at X = ±2, Y = 0 and X = ±1, Y = ±1), and
// the map is an affine image of the screen, so straight lines, crossings and
// collinearity are the same in both. No epsilon is ever used.
//
// Tie rules, written down because LOS rules depend on them:
//   - A thread that passes exactly through a vertex goes from the hex it is
//     in to the hex on the far side; it "crosses" the hexside between those
//     two hexes at that hexside's end (Crossing.AtVertex).
//   - A thread that runs exactly along a hexside (a hexspine, on the
//     alternate hex grain) enters neither hex on either side: the stretch is
//     reported as a Spine step naming both hexes, and the caller decides (a
//     hexside LOS is blocked only if both sides block, or the hexside does).

// StepKind says what one step of a thread is.
type StepKind uint8

const (
	StepHex   StepKind = iota // the thread is inside Hex
	StepCross                 // it crosses from Hex into Hex.Neighbor(Dir)
	StepSpine                 // it runs along the hexside between Hex and Hex.Neighbor(Dir)
)

// Step is one element of a thread, in order from firer to target.
type Step struct {
	Kind     StepKind
	Hex      Hex
	Dir      Dir  // for StepCross and StepSpine
	AtVertex bool // StepCross only: crossed exactly at the hexside's end
}

// Other is the second hex of a StepCross or StepSpine.
func (s Step) Other() Hex { return s.Hex.Neighbor(s.Dir) }

// Thread is a traced LOS thread. Reuse one Thread for many traces to avoid
// allocation: Trace resets it.
type Thread struct {
	From, To Hex
	Steps    []Step
}

// corner offsets in doubled coordinates, anticlockwise in (X, Y) order, and
// the neighbour across the edge from corner i to corner i+1.
var (
	cornerX   = [6]int{2, 1, -1, -2, -1, 1}
	cornerY   = [6]int{0, 1, 1, 0, -1, -1}
	edgeDir   = [6]Dir{SouthEast, South, SouthWest, NorthWest, North, NorthEast}
	spineStep = [6]Hex{{2, -1}, {1, 1}, {-1, 2}, {-2, 1}, {-1, -1}, {1, -2}}
)

// Doubled returns h's centre in doubled integer coordinates.
func (h Hex) Doubled() (int, int) { return 3 * h.Q, 2*h.R + h.Q }

// TraceThread traces a new thread from a to b.
func TraceThread(a, b Hex) *Thread {
	t := &Thread{}
	t.Trace(a, b)
	return t
}

// Trace traces the thread from a to b into t, reusing its storage.
func (t *Thread) Trace(a, b Hex) {
	t.From, t.To = a, b
	t.Steps = t.Steps[:0]
	t.Steps = append(t.Steps, Step{Kind: StepHex, Hex: a})
	if a == b {
		return
	}
	x0, y0 := a.Doubled()
	x1, y1 := b.Doubled()
	dx, dy := x1-x0, y1-y0
	// side of the line a→b a point lies on: >0 left, <0 right, 0 on it. For a
	// corner it is the centre's value plus a per-corner constant.
	var k [6]int
	for i := range k {
		k[i] = dx*cornerY[i] - dy*cornerX[i]
	}
	h := a
	for guard := 4*Distance(a, b) + 8; h != b && guard > 0; guard-- {
		cx, cy := h.Doubled()
		sc := dx*(cy-y0) - dy*(cx-x0)
		var s [6]int
		for i := range s {
			s[i] = sc + k[i]
		}
		next := h
		for i := 0; i < 6; i++ {
			j := i + 1
			if j == 6 {
				j = 0
			}
			if s[i] < 0 && s[j] > 0 { // leaves through edge i
				next = h.Neighbor(edgeDir[i])
				t.Steps = append(t.Steps, Step{Kind: StepCross, Hex: h, Dir: edgeDir[i]})
				break
			}
			if s[i] != 0 {
				continue
			}
			p := i + 5
			if p >= 6 {
				p -= 6
			}
			if s[p] < 0 && s[j] > 0 { // leaves through corner i
				n1, n2 := h.Neighbor(edgeDir[p]), h.Neighbor(edgeDir[i])
				switch out := k[i]; {
				case out > 0:
					next = n1
					t.Steps = append(t.Steps, Step{Kind: StepCross, Hex: h, Dir: edgeDir[p], AtVertex: true})
				case out < 0:
					next = n2
					t.Steps = append(t.Steps, Step{Kind: StepCross, Hex: h, Dir: edgeDir[i], AtVertex: true})
				default: // along the hexside between n1 and n2, to the next centre line
					d, _ := n1.DirTo(n2)
					t.Steps = append(t.Steps, Step{Kind: StepSpine, Hex: n1, Dir: d})
					next = h.Add(spineStep[i])
				}
				break
			}
		}
		if next == h {
			panic("hexmap: LOS thread lost its way") // unreachable: a line through a hex interior always leaves it
		}
		h = next
		t.Steps = append(t.Steps, Step{Kind: StepHex, Hex: h})
	}
}

// Hexes lists the hexes whose interior the thread enters, firer's and
// target's included, in order.
func (t *Thread) Hexes() []Hex {
	var out []Hex
	for _, s := range t.Steps {
		if s.Kind == StepHex {
			out = append(out, s.Hex)
		}
	}
	return out
}

// Crossings lists the hexsides the thread crosses, in order.
func (t *Thread) Crossings() []Step {
	var out []Step
	for _, s := range t.Steps {
		if s.Kind == StepCross {
			out = append(out, s)
		}
	}
	return out
}

// Spines lists every stretch where the thread runs exactly along a hexside.
func (t *Thread) Spines() []Step {
	var out []Step
	for _, s := range t.Steps {
		if s.Kind == StepSpine {
			out = append(out, s)
		}
	}
	return out
}
