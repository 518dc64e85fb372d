package climate

// LightSource is something that Illuminates Locations at night.
type LightSource uint8

const (
	Starshell  LightSource = iota
	BurningAFV             // a Fire or a Burning AFV
)

// IlluminationRadius is how far (in hexes, 0 = its own hex only) a light
// source Illuminates under the prevailing dust density (11.78). limited is
// false when the density does not restrict it (no dust): the normal night
// rules, which are not in the seeds, then decide. A radius of −1 means
// nothing is Illuminated at all (Extremely Heavy dust).
func IlluminationRadius(d Dust, s LightSource) (radius int, limited bool) {
	switch d {
	case DustLight, DustModerate:
		if s == Starshell {
			return 2, true
		}
		return 1, true
	case DustHeavy:
		if s == Starshell {
			return 1, true
		}
		return 0, true
	case DustVeryHeavy:
		return 0, true
	case DustExtremelyHeavy:
		return -1, true
	}
	return 0, false
}
