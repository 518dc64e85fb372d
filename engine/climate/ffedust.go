package climate

// FFEDustRaised reports whether a Fire For Effect of the given calibre
// raises FFE Dust (11.75): wherever Light Dust could exist (11.71), FFE of
// 70mm or more makes each hex of its blast area a +1 LOS Hindrance. However
// many such hexes a LOS crosses the DRM stays +1 (DRMs caps it), and wind
// and gusts leave FFE Dust alone (ApplyWindChange never touches it).
func FFEDustRaised(env Environment, calibreMM int) bool {
	return calibreMM >= 70 && Assess(env).InForce.Has(RuleFFEDust)
}
