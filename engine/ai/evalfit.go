package ai

import (
	"errors"
	"math"
)

// FitLogistic fits a logistic regression of labels y (1 won, 0 lost, ½ a
// draw) on rows x by Newton's method with an L2 penalty l2 on every weight
// but the first (the bias, x[i][0] = 1). The features are standardised
// for the fit and the weights returned are for the raw features. It is
// deterministic: no random start, a fixed order of sums.
func FitLogistic(x [][]float64, y []float64, l2 float64, iters int) ([]float64, error) {
	if len(x) == 0 || len(x) != len(y) {
		return nil, errors.New("fit: no rows, or rows and labels differ in number")
	}
	k := len(x[0])
	mean := make([]float64, k)
	sd := make([]float64, k)
	for _, r := range x {
		if len(r) != k {
			return nil, errors.New("fit: rows of different lengths")
		}
		for j, v := range r {
			mean[j] += v
		}
	}
	n := float64(len(x))
	for j := range mean {
		mean[j] /= n
	}
	for _, r := range x {
		for j, v := range r {
			sd[j] += (v - mean[j]) * (v - mean[j])
		}
	}
	for j := range sd {
		sd[j] = math.Sqrt(sd[j] / n)
	}
	mean[0], sd[0] = 0, 1
	z := func(r []float64, j int) float64 {
		if sd[j] < 1e-12 {
			return 0 // a constant feature carries nothing the bias does not
		}
		return (r[j] - mean[j]) / sd[j]
	}
	w := make([]float64, k)
	zr := make([]float64, k)
	for it := 0; it < iters; it++ {
		grad := make([]float64, k)
		hess := make([][]float64, k)
		for j := range hess {
			hess[j] = make([]float64, k)
		}
		for i, r := range x {
			s := 0.0
			for j := range zr {
				zr[j] = z(r, j)
				s += w[j] * zr[j]
			}
			p := Sigmoid(s)
			d := p - y[i]
			h := max(p*(1-p), 1e-9)
			for a := 0; a < k; a++ {
				grad[a] += d * zr[a]
				for b := 0; b <= a; b++ {
					hess[a][b] += h * zr[a] * zr[b]
				}
			}
		}
		for a := 0; a < k; a++ {
			for b := 0; b < a; b++ {
				hess[b][a] = hess[a][b]
			}
			if a > 0 {
				grad[a] += l2 * w[a]
				hess[a][a] += l2
			} else {
				hess[a][a] += 1e-9
			}
		}
		step, err := solve(hess, grad)
		if err != nil {
			return nil, err
		}
		big := 0.0
		for j := range w {
			w[j] -= step[j]
			big = max(big, math.Abs(step[j]))
		}
		if big < 1e-9 {
			break
		}
	}
	// back to raw features: w·(x−m)/s = Σ (w/s) x − Σ w m/s
	out := make([]float64, k)
	out[0] = w[0]
	for j := 1; j < k; j++ {
		if sd[j] < 1e-12 {
			continue
		}
		out[j] = w[j] / sd[j]
		out[0] -= w[j] * mean[j] / sd[j]
	}
	return out, nil
}

// solve solves a·x = b by Gaussian elimination with partial pivoting (a
// and b are changed).
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-15 {
			return nil, errors.New("fit: singular system")
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}

// LogLoss is the mean log loss of the model's predictions p on labels y
// (clipped away from 0 and 1).
func LogLoss(p, y []float64) float64 {
	s := 0.0
	for i := range p {
		q := min(max(p[i], 1e-6), 1-1e-6)
		s -= y[i]*math.Log(q) + (1-y[i])*math.Log(1-q)
	}
	return s / float64(max(1, len(p)))
}
