#include "common/param_ranges.h"

#include <cmath>

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons {

Status check_values_in_range(const Step& step, const ParamValues& values) {
  for (const Param& p : step.params) {
    auto found = values.find(p.name);
    if (found == values.end())
      return Status::error(StatusCode::invalid_argument, say("no value was given for {}", p.name));
    const double value = found->second;
    const bool whole = p.kind != Param::Kind::real;
    if (!std::isfinite(value) || value < p.min || value > p.max || (whole && value != std::floor(value)))
      return Status::error(StatusCode::invalid_argument,
                           say("{} = {} is out of range: allowed {} to {}", p.name, value, p.min, p.max));
  }
  return Status::success();
}

}  // namespace cudalab::lessons
