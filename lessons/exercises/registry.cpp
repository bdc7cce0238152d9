// Every exercise, in course order: each chapter's exercises (its exercises/<name>_exercises.cpp
// lists them) after its steps. Adding one = its folder and spec file + one line in its chapter's list.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

std::vector<Exercise> machine_exercises();
std::vector<Exercise> hello_exercises();
std::vector<Exercise> threads_exercises();
std::vector<Exercise> memory_exercises();
std::vector<Exercise> round_trip_exercises();
std::vector<Exercise> matmul_exercises();
std::vector<Exercise> tiles_exercises();
std::vector<Exercise> warps_exercises();
std::vector<Exercise> launch_exercises();
std::vector<Exercise> six_rules_exercises();
std::vector<Exercise> ladder_exercises();

const std::vector<Exercise>& all_exercises() {
  static const std::vector<Exercise> exercises = [] {
    std::vector<Exercise> list;
    for (auto chapter : {machine_exercises, hello_exercises, threads_exercises, memory_exercises, round_trip_exercises, matmul_exercises, tiles_exercises,
                         warps_exercises, launch_exercises, six_rules_exercises, ladder_exercises})
      for (Exercise& exercise : chapter()) list.push_back(std::move(exercise));
    return list;
  }();
  return exercises;
}

}  // namespace cudalab::lessons::exercises
