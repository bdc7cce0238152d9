#pragma once
// Chapter 0, step 1: this machine's facts as a Run's results, and the views of them.
#include <vector>

#include <nlohmann/json.hpp>

#include "cudalab/device.h"
#include "cudalab/run.h"
#include "views.h"

namespace cudalab::lessons {

nlohmann::json machine_facts_json(const Device& device);
std::vector<View> machine_facts_views(const Run& run);

}  // namespace cudalab::lessons
