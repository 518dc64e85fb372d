package enum

import (
	"strings"
	"testing"
)

type level uint8

var levels = Names[level]{Of: "level", Words: []string{"low", "mid", "high"}, First: 2}

func TestNames(t *testing.T) {
	for i, w := range levels.Words {
		v, err := levels.Parse(strings.ToUpper(w))
		if err != nil || v != level(i+2) || levels.String(v) != w {
			t.Errorf("%q: %v %v %q", w, v, err, levels.String(v))
		}
	}
	if got := levels.String(9); got != "level(9)" {
		t.Errorf("out of range: %q", got)
	}
	if _, err := levels.Parse("max"); err == nil || err.Error() != `level "max": expected low, mid or high` {
		t.Errorf("error: %v", err)
	}
	if got := List([]string{"a"}); got != "a" {
		t.Errorf("List: %q", got)
	}
}
