#pragma once
// The controls panel's body, generated from a step's parameters: sliders for numbers (log-scaled
// sizes move in powers of two), a combo for choices, a checkbox for toggles; help in a tooltip.
#include "lesson.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

// Draws one control per parameter; returns true when a value changed this frame.
bool draw_param_controls(const lessons::Step& step, lessons::ParamValues* values, const Style& style);
// One parameter in the width available, for the present layout's strip: its label on one line
// (cut to fit, whole on hover), the control under it. Returns true when the value changed.
bool draw_param_compact(const lessons::Param& param, double* value, const Style& style);

// For a log-scaled integer range whose ends are powers of two, the slider moves in exponents;
// these map between the two (exposed for tests).
bool is_power_of_two_range(double min, double max);
int exponent_of(double value);  // nearest power-of-two exponent, log2(value) rounded

}  // namespace cudalab::app::widgets
