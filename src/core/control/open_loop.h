#pragma once
// Open-loop drive: u(t) from an input profile (Anderson 6.1: motor voltages as a function of
// time, piecewise constant over each sample), no feedback.

#include "control/controller.h"
#include "simulation/input_profile.h"

namespace armdyn {

class OpenLoopController : public Controller {
 public:
  // samplePeriod 0 = the profile is read at every integration step.
  OpenLoopController(InputProfile profile, double samplePeriod = 0.0)
      : profile_(std::move(profile)), h_(samplePeriod) {}
  const char* name() const override { return "open_loop"; }
  double samplePeriod() const override { return h_; }
  void reset(const Eigen::VectorXd&) override {}
  void compute(const ControllerInput& in, Eigen::Ref<Eigen::VectorXd> u) override { profile_.evaluate(in.t, u); }
  const InputProfile& profile() const { return profile_; }

 private:
  InputProfile profile_;
  double h_;
};

}  // namespace armdyn
