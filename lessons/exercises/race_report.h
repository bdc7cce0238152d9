#pragma once
// The race detector's record (race_shadow.cuh, filled on the emulator) in words, for the verdict.
#include <functional>
#include <string>
#include <vector>

#include "exercises/exercise.h"
#include "text/message.h"

namespace cudalab::lessons::exercises {

// Slots of the record, as race_shadow.cuh's RaceSlot lays them out.
enum RaceRecordSlot : unsigned {
  kRaceRecordFlag = 0,
  kRaceRecordShared,
  kRaceRecordArray,
  kRaceRecordIndexLow,
  kRaceRecordIndexHigh,
  kRaceRecordFirstRank,
  kRaceRecordFirstWrite,
  kRaceRecordFirstLine,
  kRaceRecordSecondRank,
  kRaceRecordSecondWrite,
  kRaceRecordSecondLine,
  kRaceRecordDims,
  kRaceRecordDim0,
  kRaceRecordName = kRaceRecordDim0 + 3,
  kRaceRecordSlots = kRaceRecordName + 8
};

// A __shared__ array in a record (the race record's or the fault record's, which lay out an
// array alike: its extents from `dims_slot`, its name from `name_slot`): the name as the kernel
// wrote it (identifier characters only: the record is memory the kernel could scribble on), the
// element `tile[2][5]` of a flat index, and the extents `[32][32]`.
std::string shared_array_name(const std::vector<unsigned>& record, unsigned name_slot);
std::string shared_element_words(const std::string& name, long long flat, const std::vector<unsigned>& record, unsigned dims_slot);
std::string shared_extents_words(const std::vector<unsigned>& record, unsigned dims_slot);

// The verdict's detail lines for a record whose flag is set: what the two threads did, then why it
// matters. `thread_words` names a rank ("thread (3,0,0) of block (0,0,0)"); `threads_per_block`
// tells whether the two were in one block.
std::vector<Message> describe_race(const std::vector<unsigned>& record, const Exercise& exercise,
                                   long long threads_per_block, const std::function<Message(long long)>& thread_words);

}  // namespace cudalab::lessons::exercises
