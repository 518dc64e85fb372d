package forces

import (
	"slices"
	"testing"
)

// required lists the IDs scenario writers use now (issue 9).
var required = []string{
	"uk-rifle-section", "uk-hq-section", "uk-officer", "uk-observer", "uk-vickers-mg", "uk-3in-mortar",
	"uk-2pdr-atg", "uk-6pdr-atg", "uk-25pdr", "uk-marmon-herrington", "uk-daimler-ac", "uk-vickers-mkvi",
	"uk-crusader", "uk-grant", "uk-matilda", "uk-valentine", "uk-bren-carrier", "uk-2pdr-portee",
	"uk-motor-section", "uk-engineer-section",
	"de-rifle-section", "de-hq-section", "de-officer", "de-observer", "de-mg34-hmg", "de-81mm-mortar",
	"de-37mm-pak", "de-50mm-pak38", "de-88mm-flak", "de-sdkfz222", "de-sdkfz231", "de-pz2", "de-pz3",
	"de-pz4f2", "de-sdkfz251", "de-sdkfz7", "de-pionier-section", "de-sdkfz250",
	"it-rifle-section", "it-hq-section", "it-officer", "it-observer", "it-breda-mg", "it-81mm-mortar",
	"it-47-32-atg", "it-75-27", "it-ab41", "it-l3", "it-m13-40", "it-m14-41", "it-semovente-75-18",
	"it-bersaglieri-section",
	"generic-motorcycle", "generic-small-truck", "generic-medium-truck", "generic-large-truck", "generic-horse-drawn",
}

func TestLoadHasEveryRequiredID(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range required {
		if _, ok := c.Type(id); !ok {
			t.Errorf("catalogue lacks %s", id)
		}
	}
	c2, _ := Load()
	if c2 != c {
		t.Error("Load parsed twice: not cached")
	}
}

// TestLoadConcurrent: Load is safe to call from many goroutines and all
// get the same catalogue (run with -race).
func TestLoadConcurrent(t *testing.T) {
	got := make(chan *Catalogue, 8)
	for range 8 {
		go func() {
			c, err := Load()
			if err != nil {
				t.Error(err)
			}
			got <- c
		}()
	}
	first := <-got
	for range 7 {
		if c := <-got; c != first {
			t.Error("Load returned different catalogues")
		}
	}
	ids := first.TypeIDs()
	if len(ids) != len(first.Types) || !slices.IsSorted(ids) {
		t.Errorf("TypeIDs: %d ids, sorted %v", len(ids), slices.IsSorted(ids))
	}
}
