#include "analysis/iso9283.h"

#include "analysis/polyline_bounds.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace armdyn {

namespace {

// Mean and sample standard deviation (n - 1).
void meanDeviation(const std::vector<double>& v, double& mean, double& deviation) {
  mean = 0.0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double s = 0.0;
  for (double x : v) s += (x - mean) * (x - mean);
  deviation = v.size() > 1 ? std::sqrt(s / static_cast<double>(v.size() - 1)) : 0.0;
}

// Barycentre of points, and l_bar + 3 S_l of their distances from it.
double repeatability(const std::vector<Eigen::Vector3d>& x, Eigen::Vector3d& barycentre, double& meanL, double& sL) {
  barycentre.setZero();
  for (const Eigen::Vector3d& p : x) barycentre += p;
  barycentre /= static_cast<double>(x.size());
  std::vector<double> l;
  l.reserve(x.size());
  for (const Eigen::Vector3d& p : x) l.push_back((p - barycentre).norm());
  meanDeviation(l, meanL, sL);
  return meanL + 3.0 * sL;
}

}  // namespace

PoseCharacteristics poseCharacteristics(const Eigen::Vector3d& commanded, const std::vector<Eigen::Vector3d>& attained,
                                        const Eigen::Vector3d& commandedAngles,
                                        const std::vector<Eigen::Vector3d>& attainedAngles) {
  if (attained.size() < 2) throw std::invalid_argument("ISO 9283 pose: at least two attained poses are needed");
  if (!attainedAngles.empty() && attainedAngles.size() != attained.size())
    throw std::invalid_argument("ISO 9283 pose: " + std::to_string(attainedAngles.size()) + " orientations for " +
                                std::to_string(attained.size()) + " positions");
  PoseCharacteristics c;
  c.RP = repeatability(attained, c.barycentre, c.meanDistance, c.distanceDeviation);
  c.accuracyAxes = c.barycentre - commanded;
  c.AP = c.accuracyAxes.norm();
  if (!attainedAngles.empty()) {
    for (int a = 0; a < 3; ++a) {
      std::vector<double> v;
      for (const Eigen::Vector3d& angles : attainedAngles) v.push_back(angles(a));
      double mean = 0.0, s = 0.0;
      meanDeviation(v, mean, s);
      c.APa(a) = mean - commandedAngles(a);
      c.RPa(a) = 3.0 * s;
    }
  }
  return c;
}

PathCharacteristics pathCharacteristics(const std::vector<Eigen::Vector3d>& points,
                                        const std::vector<Eigen::Vector3d>& tangents,
                                        const std::vector<std::vector<Eigen::Vector3d>>& runs) {
  if (points.empty() || points.size() != tangents.size())
    throw std::invalid_argument("ISO 9283 path: evaluation points and tangents must be given, one tangent per point");
  if (runs.empty()) throw std::invalid_argument("ISO 9283 path: no attained run");
  PathCharacteristics c;
  c.deviation.assign(points.size(), 0.0);
  // Each run's chunks of segments in bounding spheres: a chunk that the normal plane misses, or
  // whose nearest point is no nearer than the best crossing found, holds no better crossing
  // (polyline_bounds.h); the chunks are still visited in order, so ties resolve as a full scan.
  std::vector<PolylineBounds> bounds;
  bounds.reserve(runs.size());
  for (const std::vector<Eigen::Vector3d>& run : runs) bounds.emplace_back(run);
  std::vector<Eigen::Vector3d> crossings;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Eigen::Vector3d t = tangents[i].normalized();
    crossings.clear();
    for (std::size_t r = 0; r < runs.size(); ++r) {
      const std::vector<Eigen::Vector3d>& run = runs[r];
      // The crossing of the normal plane nearest c_i.
      double best = std::numeric_limits<double>::infinity();
      Eigen::Vector3d at = Eigen::Vector3d::Zero();
      for (const PolylineBounds::Sphere& sphere : bounds[r].spheres) {
        const Eigen::Vector3d toCentre = sphere.centre - points[i];
        if (std::abs(toCentre.dot(t)) > sphere.radius) continue;  // the plane misses the chunk
        if (toCentre.norm() - sphere.radius >= best) continue;    // nothing in it is nearer
        for (std::size_t k = sphere.first; k < sphere.end; ++k) {
          const double s0 = (run[k] - points[i]).dot(t), s1 = (run[k + 1] - points[i]).dot(t);
          if ((s0 > 0.0 && s1 > 0.0) || (s0 < 0.0 && s1 < 0.0) || s0 == s1) continue;
          const double u = s0 / (s0 - s1);
          const Eigen::Vector3d x = run[k] + u * (run[k + 1] - run[k]);
          const double d = (x - points[i]).norm();
          if (d < best) {
            best = d;
            at = x;
          }
        }
      }
      if (std::isfinite(best)) crossings.push_back(at);
    }
    if (crossings.size() != runs.size()) {
      ++c.missed;
      continue;
    }
    Eigen::Vector3d barycentre;
    double meanL = 0.0, sL = 0.0;
    const double rt = repeatability(crossings, barycentre, meanL, sL);
    c.deviation[i] = (barycentre - points[i]).norm();
    if (c.worstAccuracyPoint < 0 || c.deviation[i] > c.AT) {
      c.AT = c.deviation[i];
      c.worstAccuracyPoint = static_cast<int>(i);
    }
    if (c.worstRepeatabilityPoint < 0 || rt > c.RT) {
      c.RT = rt;
      c.worstRepeatabilityPoint = static_cast<int>(i);
    }
  }
  return c;
}

CorneringCharacteristics corneringCharacteristics(const Eigen::Vector3d& corner, const Eigen::Vector3d& incoming,
                                                  const Eigen::Vector3d& outgoing,
                                                  const std::vector<Eigen::Vector3d>& attained) {
  if (attained.size() < 2) throw std::invalid_argument("ISO 9283 cornering: the attained path needs two points or more");
  const Eigen::Vector3d u = outgoing.normalized();
  // The outer side: the incoming direction's part across the outgoing leg.
  Eigen::Vector3d outer = incoming - incoming.dot(u) * u;
  if (!(outer.norm() > 1e-12 * incoming.norm())) throw std::invalid_argument("ISO 9283 cornering: the legs are parallel");
  outer.normalize();
  CorneringCharacteristics c;
  c.CR = std::numeric_limits<double>::infinity();
  std::size_t closest = 0;
  // CR: distance from the corner to the polyline (segments, not only samples).
  for (std::size_t k = 0; k + 1 < attained.size(); ++k) {
    const Eigen::Vector3d a = attained[k], d = attained[k + 1] - attained[k];
    const double len2 = d.squaredNorm();
    const double s = len2 > 0.0 ? std::clamp((corner - a).dot(d) / len2, 0.0, 1.0) : 0.0;
    const double dist = (a + s * d - corner).norm();
    if (dist < c.CR) {
      c.CR = dist;
      closest = k;
    }
  }
  // CO: from the closest approach on, how far the path goes beyond the outgoing leg's line.
  for (std::size_t k = closest; k < attained.size(); ++k)
    c.CO = std::max(c.CO, (attained[k] - corner).dot(outer));
  return c;
}

PathVelocityCharacteristics pathVelocityCharacteristics(const std::vector<std::vector<double>>& speeds,
                                                        double commandedSpeed) {
  if (speeds.empty() || !(commandedSpeed > 0.0))
    throw std::invalid_argument("ISO 9283 path velocity: runs and a positive command speed are needed");
  PathVelocityCharacteristics c;
  std::vector<double> means;
  double all = 0.0;
  std::size_t count = 0;
  for (const std::vector<double>& run : speeds) {
    if (run.empty()) throw std::invalid_argument("ISO 9283 path velocity: a run without speed samples");
    double m = 0.0, s = 0.0;
    meanDeviation(run, m, s);
    means.push_back(m);
    for (double v : run) all += v;
    count += run.size();
    const auto [lo, hi] = std::minmax_element(run.begin(), run.end());
    c.FV = std::max(c.FV, *hi - *lo);
  }
  c.meanSpeed = all / static_cast<double>(count);
  double meanOfMeans = 0.0, sv = 0.0;
  meanDeviation(means, meanOfMeans, sv);
  c.AV = (c.meanSpeed - commandedSpeed) / commandedSpeed * 100.0;
  c.RV = 3.0 * sv / commandedSpeed * 100.0;
  return c;
}

}  // namespace armdyn
