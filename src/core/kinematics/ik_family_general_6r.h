#pragma once
// The general 6R family's elimination (ik_family_general_6r.cpp), open to tests: the
// determinant of G(w), whose real roots are the solutions' theta3 (w = theta3 minus a fixed
// shift of 0.7215 rad).

#include "kinematics/trig_polynomial.h"
#include "model/model.h"

#include <Eigen/Core>

namespace armdyn::ik {

// det G(w) for the target T06 (frame 6 in DH frame 0, tool removed) read as a trigonometric
// polynomial of `degree` (1..kMaxTrigDegree) from 2 degree + 1 samples. False when the
// elimination is degenerate at this target (the family then refuses the arm or the pose).
bool general6rDeterminant(const Model& model, const Eigen::Matrix4d& T06, int degree, TrigPolynomial& det);

// The shift: theta3 = w + kGeneral6rShift3.
constexpr double kGeneral6rShift3 = 0.7215;

}  // namespace armdyn::ik
