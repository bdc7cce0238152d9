#include <gtest/gtest.h>

#include <cmath>

#include "widgets/axis_ticks.h"

using namespace cudalab::app::widgets;

TEST(AxisTicks, LinearTicksLandOnNiceSteps) {
  const auto ticks = linear_ticks(0, 97, 5);
  ASSERT_FALSE(ticks.empty());
  EXPECT_EQ(ticks.front(), 0);
  const double step = ticks[1] - ticks[0];
  EXPECT_EQ(step, 20);
  EXPECT_LE(ticks.back(), 97);
  EXPECT_GE(ticks.size(), 4u);
}

TEST(AxisTicks, LinearTicksHaveNoNegativeZero) {
  for (double tick : linear_ticks(-0.3, 0.3, 6)) EXPECT_FALSE(std::signbit(tick) && tick == 0.0);
}

TEST(AxisTicks, LogTicksArePowersOfTen) {
  const auto ticks = log_ticks(3, 200000, 10);
  EXPECT_EQ(ticks, (std::vector<double>{10, 100, 1000, 10000, 100000}));
}

TEST(AxisTicks, LogTicksThinOutOnWideRanges) {
  const auto ticks = log_ticks(1, 1e12, 4);
  EXPECT_LE(ticks.size(), 5u);
  EXPECT_EQ(ticks.front(), 1);
}

TEST(AxisTicks, FormatsStayShort) {
  EXPECT_EQ(format_tick(0), "0");
  EXPECT_EQ(format_tick(50000), "50000");
  EXPECT_EQ(format_tick(2.5), "2.5");
  EXPECT_EQ(format_tick(1e6), "1e6");
  EXPECT_EQ(format_tick(2e-5), "2e-5");
}
