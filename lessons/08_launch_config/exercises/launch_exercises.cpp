// The exercises at the end of chapter 08_launch_config, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_fill_the_device_exercise();
Exercise make_block_size_from_the_api_exercise();

std::vector<Exercise> launch_exercises() {
  // The grid from the occupancy the runtime answers, then the block size it suggests.
  return {make_fill_the_device_exercise(), make_block_size_from_the_api_exercise()};
}

}  // namespace cudalab::lessons::exercises
