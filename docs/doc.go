// Package docs holds Khamsin's reference documents (rules.md, formats.md,
// performance.md, overlays.md). Its test keeps the rules reference honest:
// every rule number of the sources is listed, and every test it names exists.
package docs
