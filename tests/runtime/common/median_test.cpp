// cudalab::median (timing.h): the middle sample, the mean of the middle two for an even count.
#include <gtest/gtest.h>

#include <vector>

#include "cudalab/timing.h"

using cudalab::median;

TEST(Median, OfNoneIsZero) { EXPECT_EQ(median({}), 0.0); }

TEST(Median, OfOneIsIt) { EXPECT_EQ(median({4.5}), 4.5); }

TEST(Median, OddCountIsTheMiddleOne) {
  EXPECT_EQ(median({3, 1, 2}), 2.0);
  EXPECT_EQ(median({9, 1, 8, 2, 7}), 7.0);
}

TEST(Median, EvenCountIsTheMeanOfTheMiddleTwo) {
  EXPECT_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_EQ(median({10, 0}), 5.0);
  EXPECT_EQ(median({5, 5, 1, 9}), 5.0);
}

TEST(Median, OutliersDoNotMoveIt) { EXPECT_EQ(median({1, 2, 3, 1e9, -1e9}), 2.0); }
