// The emulator's own fiber make/jump (runtime/emu/fiber_switch.*): data crosses both ways, a
// suspended side gets its callee-saved registers back, and the entry starts on an ABI-aligned
// stack; likewise for the block runner's switch_fiber and start_fiber. These hold on any
// installed Boost because no Boost frame layout is involved.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "emu/fiber_switch.h"

namespace cudalab::emu {
namespace {

struct Trip {
  FiberContext back{};
  int visits = 0;
  std::uintptr_t entry_stack_misalignment = 1;
};

int token_back = 0;

void ping_pong_entry(FiberTransfer from) {
  auto* trip = static_cast<Trip*>(from.data);
  // On entry a called function sees rsp + 8 aligned to 16; a local's address has the alignment
  // the compiler assumed from that.
  alignas(16) volatile char probe[16] = {};
  trip->entry_stack_misalignment = reinterpret_cast<std::uintptr_t>(&probe[0]) % 16;
  for (;;) {
    ++trip->visits;
#if defined(__x86_64__)
    // Zero every callee-saved register we can name: the side we jump back to must still see its
    // own values, restored from its frame by the jump, not from this function's epilogue (which
    // never runs before the jump).
    asm volatile("xorq %%rbx, %%rbx\n\txorq %%r12, %%r12\n\txorq %%r13, %%r13\n\txorq %%r14, %%r14\n\txorq %%r15, %%r15"
                 ::: "rbx", "r12", "r13", "r14", "r15");
#endif
    from = jump_to_fiber(from.fctx, &token_back, {});
    trip = static_cast<Trip*>(from.data);
  }
}

TEST(FiberSwitch, DataCrossesBothWaysAndRegistersSurvive) {
  std::vector<unsigned char> stack(64 * 1024);
  Trip trip;
  FiberContext fiber = make_fiber_context(stack.data() + stack.size(), stack.size(), &ping_pong_entry);
  volatile std::uint64_t seed = 0x9e3779b97f4a7c15ull;
  // Values live across the jumps: at -O2 the compiler keeps them in callee-saved registers.
  std::uint64_t a = seed, b = seed * 3, c = seed ^ 0xff, d = seed + 7, e = seed >> 3;
  for (int i = 0; i < 1000; ++i) {
    FiberTransfer back = jump_to_fiber(fiber, &trip, {});
    ASSERT_EQ(back.data, &token_back);
    fiber = back.fctx;
    a += 1; b += 2; c += 3; d += 4; e += 5;
  }
  EXPECT_EQ(trip.visits, 1000);
  EXPECT_EQ(trip.entry_stack_misalignment, 0u);
  const std::uint64_t s = seed;
  EXPECT_EQ(a, s + 1000);
  EXPECT_EQ(b, s * 3 + 2000);
  EXPECT_EQ(c, (s ^ 0xff) + 3000);
  EXPECT_EQ(d, s + 7 + 4000);
  EXPECT_EQ(e, (s >> 3) + 5000);
}

TEST(FiberSwitch, ManyFibersInterleave) {
  constexpr int fibers = 64;
  std::vector<std::vector<unsigned char>> stacks(fibers, std::vector<unsigned char>(16 * 1024));
  std::vector<Trip> trips(fibers);
  std::vector<FiberContext> contexts;
  for (auto& stack : stacks) contexts.push_back(make_fiber_context(stack.data() + stack.size(), stack.size(), &ping_pong_entry));
  for (int round = 0; round < 10; ++round) {
    for (int f = 0; f < fibers; ++f) {
      const FiberTransfer back = jump_to_fiber(contexts[f], &trips[f], {});
      ASSERT_EQ(back.data, &token_back);
      contexts[f] = back.fctx;
    }
  }
  for (const Trip& trip : trips) EXPECT_EQ(trip.visits, 10);
}

// The block runner's switch (switch_fiber, start_fiber): each side files its own context where it
// says, and the side resumed finds its locals intact, though the asm itself saves only rbp and the
// return address (the statement declares every other register clobbered).
struct Ring {
  FiberContext main{};
  FiberContext fiber{};
  int visits = 0;
  std::uintptr_t entry_stack_misalignment = 1;
};
Ring ring;

void ring_entry(FiberTransfer from) {
  fiber_entered(from);
  alignas(16) volatile char probe[16] = {};
  ring.entry_stack_misalignment = reinterpret_cast<std::uintptr_t>(&probe[0]) % 16;
  for (;;) {
    ++ring.visits;
#if defined(__x86_64__)
    asm volatile("xorq %%rbx, %%rbx\n\txorq %%r12, %%r12\n\txorq %%r13, %%r13\n\txorq %%r14, %%r14\n\txorq %%r15, %%r15"
                 ::: "rbx", "r12", "r13", "r14", "r15");
#endif
    switch_fiber(&ring.fiber, ring.main, {});
  }
}

TEST(FiberSwitch, RunnerSwitchFilesContextsWhereAskedAndLocalsSurvive) {
  std::vector<char> stack(64 * 1024);
  ring = Ring{};
  std::uint64_t a = 0x1234, b = 0x9876, sum = 0;
  start_fiber(&ring.main, stack.data() + stack.size(), stack.size(), &ring_entry);
  EXPECT_NE(ring.fiber, nullptr);
  for (int trip = 0; trip < 10; ++trip) {
    sum += a * (trip + 1) + b;
    const FiberContext fiber = ring.fiber;
    ring.fiber = nullptr;
    switch_fiber(&ring.main, fiber, {});
    ASSERT_NE(ring.fiber, nullptr);  // filed again by the fiber's own switch
    a += 3;
    b ^= 0x55;
  }
  EXPECT_EQ(ring.visits, 11);
  EXPECT_EQ(ring.entry_stack_misalignment, 0u);
  std::uint64_t expect = 0, ea = 0x1234, eb = 0x9876;
  for (int trip = 0; trip < 10; ++trip) {
    expect += ea * (trip + 1) + eb;
    ea += 3;
    eb ^= 0x55;
  }
  EXPECT_EQ(sum, expect);
  EXPECT_EQ(a, ea);
  EXPECT_EQ(b, eb);
}

}  // namespace
}  // namespace cudalab::emu
