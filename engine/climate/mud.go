package climate

// MudMethod says which bog procedure mud calls for.
type MudMethod uint8

const (
	NoMud     MudMethod = iota // no mud exists
	DesertMud                  // 11.8: Arid Land, desert boards only, no Broken/Steppe
	NormalMud                  // mud on Broken/Steppe terrain or with non-desert boards: the ordinary bog rules (outside the seeds)
)

// MudHex is what 11.8 asks about a hex a vehicle enters.
type MudHex struct {
	OpenGround          bool // open ground that is not scrub, hammada or sand
	AccessibleToHammada bool
	PavedRoad           bool // the vehicle moves along a paved road in the hex
	Motorcycle          bool
}

// MudCheck is 11.8's answer for one hex.
type MudCheck struct {
	Method MudMethod
	// Counts: the hex counts as a hex entered for the mud Bog dr. Under
	// desert mud only open ground Accessible to hammada counts, and a paved
	// road in the hex is the only thing that removes the risk.
	Counts bool
	// NoHammadaImmobilization: such a counted hex cannot cause Hammada
	// Immobilization (motorcycles still can be, 3.32).
	NoHammadaImmobilization bool
}

// CheckMud applies 11.8 to a hex.
func CheckMud(env Environment, h MudHex) MudCheck {
	as := Assess(env)
	if !env.MudExists() && as.EC != ECMud {
		return MudCheck{}
	}
	if !as.InForce.Has(RuleMud) {
		return MudCheck{Method: NormalMud}
	}
	c := MudCheck{Method: DesertMud}
	c.Counts = h.OpenGround && h.AccessibleToHammada && !h.PavedRoad
	c.NoHammadaImmobilization = c.Counts && !h.Motorcycle
	return c
}
