/// Standard gravity, m/s² (the conventional value the CGPM fixed in 1901, exact): the length a
/// steady accelerometer reading is judged against. Real chips read 9.6–10.2 at rest (gain
/// error), which each magnitude tolerance allows for. A constant of nature, not a tunable: it
/// is declared here once, not in each parameter set.
public let standardGravity = 9.80665
