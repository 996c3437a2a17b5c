/// cos by its Taylor series (the pure module calls no libm); exact to 1e-12 on [0, π/2].
/// For thresholds converted once per classifier or screen rule.
func cosineApproximation(_ x: Double) -> Double {
    var term = 1.0, sum = 1.0
    for n in stride(from: 2, through: 30, by: 2) {
        term *= -x * x / Double((n - 1) * n)
        sum += term
    }
    return sum
}
