package raster

import "strings"

// Cite is the program's one way of naming the rules behind a figure, the
// style of the command line, the engine's log and the play screen: the
// rule numbers in brackets, "(5.4)", "(7.5, 7.51)", without a "§" or
// "rule"; nothing for no rule.
func Cite(rules string) string {
	rules = strings.TrimSpace(strings.ReplaceAll(rules, "§", ""))
	if rules == "" {
		return ""
	}
	return "(" + rules + ")"
}
