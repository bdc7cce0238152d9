// The speed kind's counting (lessons/exercises/speed.h): traced accesses grouped into warp
// requests as a GPU issues them, and the goals judged on them. The traces here are written by
// hand, word for word as probe.cuh's trace::note writes them.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "exercises/exercise.h"
#include "exercises/speed.h"

namespace cudalab::lessons::exercises {
namespace {

class Trace {
 public:
  Trace() : words_{0, 1 << 20} {}
  // Thread `rank` (flat over the launch), its k-th access, `byte` into `space`.
  Trace& note(std::uint64_t rank, std::uint32_t k, unsigned space, std::uint64_t byte, bool write = false) {
    words_.push_back(rank | (std::uint64_t{k} << 32));
    words_.push_back(byte | (std::uint64_t{space} << 40) | (std::uint64_t{write} << 48));
    ++words_[0];
    return *this;
  }
  std::vector<std::uint64_t>& words() { return words_; }

 private:
  std::vector<std::uint64_t> words_;
};

constexpr unsigned kShared = 128;

TEST(SpeedCount, AWarpReadingNeighbouringFloatsAsksForFourSectors) {
  Trace trace;
  for (unsigned lane = 0; lane < 32; ++lane) trace.note(lane, 0, 0, lane * 4);
  const TraceCounts counts = count_trace(trace.words(), 32, 2);
  ASSERT_EQ(counts.reads.size(), 2u);
  EXPECT_EQ(counts.reads[0].accesses, 32);
  EXPECT_EQ(counts.reads[0].requests, 1);
  EXPECT_EQ(counts.reads[0].sectors, 4);
  EXPECT_EQ(counts.writes[0].accesses, 0);
  EXPECT_TRUE(counts.complete);
}

TEST(SpeedCount, AWarpReadingDownAColumnAsksForASectorALane) {
  Trace trace;
  for (unsigned lane = 0; lane < 32; ++lane) trace.note(lane, 0, 0, lane * 4 * 256);
  EXPECT_EQ(count_trace(trace.words(), 32, 1).reads[0].sectors, 32);
}

TEST(SpeedCount, RequestsSplitByWarpByBlockAndByAccessNumber) {
  Trace trace;
  // Two blocks of 48 threads: warps of 32 and 16 in each, four warps. Every thread reads twice.
  for (unsigned rank = 0; rank < 96; ++rank)
    for (std::uint32_t k = 0; k < 2; ++k) trace.note(rank, k, 1, (rank * 2 + k) * 4);
  const TraceCounts counts = count_trace(trace.words(), 48, 2);
  EXPECT_EQ(counts.reads[1].accesses, 192);
  EXPECT_EQ(counts.reads[1].requests, 8);  // 4 warps × 2 accesses each
  // A full warp's 32 lanes × 8 bytes apart span 256 bytes, eight sectors at each k; half a warp, four.
  EXPECT_EQ(counts.reads[1].sectors, 2 * (8 + 4 + 8 + 4));
}

TEST(SpeedCount, ReadsAndWritesOfOneBufferAreSeparateRequests) {
  Trace trace;
  for (unsigned lane = 0; lane < 32; ++lane) trace.note(lane, 0, 0, lane * 4).note(lane, 1, 0, lane * 4, true);
  const TraceCounts counts = count_trace(trace.words(), 32, 1);
  EXPECT_EQ(counts.reads[0].requests, 1);
  EXPECT_EQ(counts.writes[0].requests, 1);
  EXPECT_EQ(counts.writes[0].sectors, 4);
}

TEST(SpeedCount, SharedBanks) {
  // A 32 × 32 float tile read down a column: 32 words of one bank, 32 ways.
  Trace column;
  for (unsigned lane = 0; lane < 32; ++lane) column.note(lane, 0, kShared, lane * 32 * 4);
  EXPECT_EQ(count_trace(column.words(), 32, 1).shared.ways, 32);
  // Padded to 33 columns: every lane on its own bank.
  Trace padded;
  for (unsigned lane = 0; lane < 32; ++lane) padded.note(lane, 0, kShared, lane * 33 * 4);
  EXPECT_EQ(count_trace(padded.words(), 32, 1).shared.ways, 1);
  // Every lane on one word: a broadcast, no conflict.
  Trace broadcast;
  for (unsigned lane = 0; lane < 32; ++lane) broadcast.note(lane, 0, kShared, 64);
  const TraceCounts counts = count_trace(broadcast.words(), 32, 1);
  EXPECT_EQ(counts.shared.ways, 1);
  EXPECT_EQ(counts.shared.requests, 1);
  // Two words of one bank, each read by 16 lanes: two ways.
  Trace two;
  for (unsigned lane = 0; lane < 32; ++lane) two.note(lane, 0, kShared + 1, (lane % 2) * 32 * 4);
  EXPECT_EQ(count_trace(two.words(), 32, 1).shared.ways, 2);
}

TEST(SpeedCount, AFullRecordIsNotComplete) {
  Trace trace;
  for (unsigned lane = 0; lane < 4; ++lane) trace.note(lane, 0, 0, lane * 4);
  trace.words()[1] = 3;  // room for three accesses, four were made
  trace.words()[0] = 4;
  EXPECT_FALSE(count_trace(trace.words(), 32, 1).complete);
  // A record too short for what it claims counts only what it holds.
  std::vector<std::uint64_t> cut = {10, 10, 0, 0};
  EXPECT_EQ(count_trace(cut, 32, 1).reads[0].accesses, 1);
}

Exercise two_buffers() {
  Exercise e;
  e.params = {{.name = "a"}, {.name = "out"}};
  return e;
}

TEST(SpeedMeasureOf, SectorsPerRequestOfTheNamedBuffer) {
  Trace trace;
  for (unsigned lane = 0; lane < 32; ++lane) trace.note(lane, 0, 0, lane * 4 * 2);  // every other float
  const SpeedGoal goal{SpeedMeasure::sectors_per_request, "a", true, 4.5, ""};
  Message problem;
  const auto value = measure(goal, two_buffers(), count_trace(trace.words(), 32, 2), 32, 1, &problem);
  ASSERT_TRUE(value.has_value()) << problem.english();
  EXPECT_DOUBLE_EQ(*value, 8.0);
}

TEST(SpeedMeasureOf, FewerAccessesThanElementsMeansAPlainPointer) {
  Trace trace;
  for (unsigned lane = 0; lane < 32; ++lane) trace.note(lane, 0, 0, lane * 4);
  const SpeedGoal goal{SpeedMeasure::sectors_per_request, "a", true, 4.5, ""};
  Message problem;
  EXPECT_FALSE(measure(goal, two_buffers(), count_trace(trace.words(), 32, 2), 1024, 1, &problem).has_value());
  EXPECT_NE(problem.english().find("plain pointer"), std::string::npos) << problem.english();
}

TEST(SpeedMeasureOf, AccessesPerOutputElement) {
  Trace trace;
  for (unsigned rank = 0; rank < 64; ++rank)
    for (std::uint32_t k = 0; k < 3; ++k) trace.note(rank, k, 0, (rank % 16) * 4);
  const SpeedGoal goal{SpeedMeasure::accesses_per_element, "a", true, 4, ""};
  Message problem;
  const auto value = measure(goal, two_buffers(), count_trace(trace.words(), 64, 2), 16, 64, &problem);
  ASSERT_TRUE(value.has_value());
  EXPECT_DOUBLE_EQ(*value, 3.0);
}

TEST(SpeedMeasureOf, BankWaysWithoutSharedMemoryIsOne) {
  const SpeedGoal goal{SpeedMeasure::bank_ways, "", true, 1.25, ""};
  Trace trace;
  Message problem;
  EXPECT_DOUBLE_EQ(*measure(goal, two_buffers(), count_trace(trace.words(), 32, 2), 0, 0, &problem), 1.0);
}

TEST(SpeedMeasureOf, AnIncompleteTraceIsNoMeasure) {
  Trace trace;
  trace.note(0, 0, 0, 0);
  trace.words()[0] = trace.words()[1] + 1;
  const SpeedGoal goal{SpeedMeasure::sectors_per_request, "a", true, 4.5, ""};
  Message problem;
  EXPECT_FALSE(measure(goal, two_buffers(), count_trace(trace.words(), 32, 2), 1, 1, &problem).has_value());
  EXPECT_FALSE(problem.english().empty());
}

TEST(SpeedResultJson, RoundTrips) {
  SpeedResult r{"sectors per warp request (reads of a)", message("sectors per warp request (reads of {})", as_is("a")), 4, 4.5, 0,
                false};
  SpeedResult back;
  ASSERT_TRUE(from_json(to_json(r), &back));
  EXPECT_EQ(back.measure, r.measure);
  EXPECT_DOUBLE_EQ(back.value, 4);
  EXPECT_DOUBLE_EQ(back.goal, 4.5);
  EXPECT_FALSE(back.on_gpu);
  EXPECT_EQ(back.words.english(), r.words.english());
  EXPECT_FALSE(from_json(nlohmann::json{{"measure", "x"}}, &back));  // no value
}

}  // namespace
}  // namespace cudalab::lessons::exercises
