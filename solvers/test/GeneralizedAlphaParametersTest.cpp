#include <gtest/gtest.h>

#include "core/foundation/Errors.h"
#include "solvers/integrators/GeneralizedAlphaParameters.h"

namespace multidyn {
namespace {

TEST(GeneralizedAlphaParameters, DefaultSpectralRadius) {
  GeneralizedAlphaSettings settings;
  settings.spectralRadius = 0.9;
  const GeneralizedAlphaParameters p = ComputeGeneralizedAlphaParameters(settings);
  EXPECT_NEAR(p.alphaM, 0.421053, 1e-6);
  EXPECT_NEAR(p.alphaF, 0.473684, 1e-6);
  EXPECT_NEAR(p.gamma, 0.552632, 1e-6);
  EXPECT_NEAR(p.beta, 0.277008, 1e-6);
}

TEST(GeneralizedAlphaParameters, SpectralRadiusOneIsTrapezoidal) {
  GeneralizedAlphaSettings settings;
  settings.spectralRadius = 1.;
  const GeneralizedAlphaParameters p = ComputeGeneralizedAlphaParameters(settings);
  EXPECT_NEAR(p.alphaM, 0.5, 1e-15);
  EXPECT_NEAR(p.alphaF, 0.5, 1e-15);
  EXPECT_NEAR(p.gamma, 0.5, 1e-15);
  EXPECT_NEAR(p.beta, 0.25, 1e-15);
}

TEST(GeneralizedAlphaParameters, Newmark) {
  GeneralizedAlphaSettings settings;
  settings.useNewmark = true;
  settings.newmarkBeta = 0.3;
  settings.newmarkGamma = 0.6;
  const GeneralizedAlphaParameters p = ComputeGeneralizedAlphaParameters(settings);
  EXPECT_EQ(p.alphaM, 0.);
  EXPECT_EQ(p.alphaF, 0.);
  EXPECT_EQ(p.beta, 0.3);
  EXPECT_EQ(p.gamma, 0.6);
}

TEST(GeneralizedAlphaParameters, Index2RequiresNewmark) {
  GeneralizedAlphaSettings settings;
  settings.useIndex2Constraints = true;
  EXPECT_THROW(ComputeGeneralizedAlphaParameters(settings), ValueError);
  settings.useNewmark = true;
  EXPECT_NO_THROW(ComputeGeneralizedAlphaParameters(settings));
}

TEST(GeneralizedAlphaParameters, BadSpectralRadius) {
  GeneralizedAlphaSettings settings;
  settings.spectralRadius = 1.5;
  EXPECT_THROW(ComputeGeneralizedAlphaParameters(settings), ValueError);
  settings.spectralRadius = -0.1;
  EXPECT_THROW(ComputeGeneralizedAlphaParameters(settings), ValueError);
}

}  // namespace
}  // namespace multidyn
