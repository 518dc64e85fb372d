// Package enum spells the engine's small enumerations. One table of words
// per type gives both its String and its Parse, so the command line, the
// JSON and the error messages use the same words for the same values.
package enum

import (
	"fmt"
	"strings"
)

// Value is what an enumeration is made of: a small integer type.
type Value interface{ ~uint8 | ~int8 }

// Names spells the values of an enumeration E in order, Words[0] naming
// First (0 for most types).
type Names[E Value] struct {
	Of    string // what the values are, for messages: "dust", "wind"
	Words []string
	First E
}

// String is v's word, or "of(n)" for a value outside the table.
func (n Names[E]) String(v E) string {
	if i := int(v) - int(n.First); i >= 0 && i < len(n.Words) {
		return n.Words[i]
	}
	return fmt.Sprintf("%s(%d)", n.Of, int(v))
}

// Parse reads a word of the table, ignoring case; anything else is an
// error that lists the words.
func (n Names[E]) Parse(s string) (E, error) {
	for i, w := range n.Words {
		if strings.EqualFold(s, w) {
			return n.First + E(i), nil
		}
	}
	return 0, fmt.Errorf("%s %q: expected %s", n.Of, s, List(n.Words))
}

// List joins words as "a, b or c".
func List(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
