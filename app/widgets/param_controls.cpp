#include "widgets/param_controls.h"
#include "widgets/text_fit.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "i18n/language.h"

namespace cudalab::app::widgets {

bool is_power_of_two_range(double min, double max) {
  auto power_of_two = [](double value) {
    if (value < 1 || value != std::floor(value)) return false;
    const auto integer = static_cast<unsigned long long>(value);
    return (integer & (integer - 1)) == 0;
  };
  return power_of_two(min) && power_of_two(max) && max > min;
}

int exponent_of(double value) { return static_cast<int>(std::lround(std::log2(std::max(value, 1.0)))); }

namespace {

bool integer_control(const lessons::Param& param, double* value) {
  if (param.log_scale && is_power_of_two_range(param.min, param.max)) {
    int exponent = exponent_of(*value);
    // The value itself, not 2^exponent: a default such as 264 must show as 264 until moved.
    const std::string shown = std::to_string(std::llround(*value));
    if (ImGui::SliderInt("##value", &exponent, exponent_of(param.min), exponent_of(param.max), shown.c_str(),
                         ImGuiSliderFlags_AlwaysClamp)) {
      *value = std::ldexp(1.0, exponent);
      return true;
    }
    return false;
  }
  int integer = static_cast<int>(std::lround(*value));
  const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (param.log_scale ? ImGuiSliderFlags_Logarithmic : 0);
  if (ImGui::SliderInt("##value", &integer, static_cast<int>(param.min), static_cast<int>(param.max), "%d", flags)) {
    *value = integer;
    return true;
  }
  return false;
}

bool real_control(const lessons::Param& param, double* value) {
  float real = static_cast<float>(*value);
  const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (param.log_scale ? ImGuiSliderFlags_Logarithmic : 0);
  if (ImGui::SliderFloat("##value", &real, static_cast<float>(param.min), static_cast<float>(param.max), "%.3g", flags)) {
    *value = real;
    return true;
  }
  return false;
}

bool choice_control(const lessons::Param& param, double* value) {
  if (param.choices.empty()) {
    ImGui::TextDisabled("(no choices)");
    return false;
  }
  int index = std::clamp(static_cast<int>(std::lround(*value)), 0, static_cast<int>(param.choices.size()) - 1);
  bool changed = false;
  if (ImGui::BeginCombo("##value", param.choices[static_cast<std::size_t>(index)].c_str())) {
    for (int i = 0; i < static_cast<int>(param.choices.size()); ++i) {
      if (ImGui::Selectable(param.choices[static_cast<std::size_t>(i)].c_str(), i == index)) {
        changed = i != index;
        index = i;
      }
    }
    ImGui::EndCombo();
  }
  *value = index;
  return changed;
}

}  // namespace

bool draw_param_controls(const lessons::Step& step, lessons::ParamValues* values, const Style& style) {
  bool changed = false;
  if (step.params.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.dim_text);
    ImGui::TextWrapped("%s", i18n::tr("This step has nothing to set: press Run to run it again."));
    ImGui::PopStyleColor();
  }
  for (const lessons::Param& param : step.params) {
    ImGui::PushID(param.name.c_str());
    double& value = (*values)[param.name];
    if (param.kind == lessons::Param::Kind::toggle) {
      // Checkbox, then its label wrapped beside it: labels can be long ("cudaDeviceSynchronize()
      // before reading the result").
      bool on = value != 0;
      if (ImGui::Checkbox("##toggle", &on)) {
        value = on ? 1 : 0;
        changed = true;
      }
      if (!param.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", param.help.c_str());
      ImGui::SameLine();
      ImGui::AlignTextToFramePadding();
      ImGui::TextWrapped("%s", i18n::tr(param.label.c_str()));
      if (ImGui::IsItemClicked()) {
        value = on ? 0 : 1;
        changed = true;
      }
      if (!param.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", param.help.c_str());
    } else {
      ImGui::TextWrapped("%s", i18n::tr(param.label.c_str()));
      if (!param.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", param.help.c_str());
      ImGui::SetNextItemWidth(-FLT_MIN);
      switch (param.kind) {
        case lessons::Param::Kind::integer: changed |= integer_control(param, &value); break;
        case lessons::Param::Kind::real: changed |= real_control(param, &value); break;
        case lessons::Param::Kind::choice: changed |= choice_control(param, &value); break;
        case lessons::Param::Kind::toggle: break;
      }
      if (!param.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", param.help.c_str());
    }
    ImGui::Dummy(ImVec2(1.f, style.fonts.regular->FontSize * 0.3f));
    ImGui::PopID();
  }
  return changed;
}

bool draw_param_compact(const lessons::Param& english_param, double* value, const Style& style) {
  (void)style;
  // The label in the current language; the rest of the parameter as the lesson defines it.
  lessons::Param param = english_param;
  param.label = i18n::tr(param.label);
  bool changed = false;
  ImGui::PushID(param.name.c_str());
  const float width = ImGui::GetContentRegionAvail().x;
  if (param.kind == lessons::Param::Kind::toggle) {
    bool on = *value != 0;
    const std::string label = fit_text(param.label, width - ImGui::GetFrameHeight() - ImGui::GetStyle().ItemInnerSpacing.x);
    if (ImGui::Checkbox((label + "##toggle").c_str(), &on)) {
      *value = on ? 1 : 0;
      changed = true;
    }
    if (ImGui::IsItemHovered()) {
      const std::string whole = param.help.empty() ? param.label : param.label + "\n" + param.help;
      if (label != param.label || !param.help.empty()) ImGui::SetTooltip("%s", whole.c_str());
    }
  } else {
    const std::string label = fit_text(param.label, width);
    ImGui::TextUnformatted(label.c_str());
    if (ImGui::IsItemHovered() && (label != param.label || !param.help.empty())) {
      ImGui::SetTooltip("%s", param.help.empty() ? param.label.c_str() : (param.label + "\n" + param.help).c_str());
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    switch (param.kind) {
      case lessons::Param::Kind::integer: changed |= integer_control(param, value); break;
      case lessons::Param::Kind::real: changed |= real_control(param, value); break;
      case lessons::Param::Kind::choice: changed |= choice_control(param, value); break;
      case lessons::Param::Kind::toggle: break;
    }
    if (!param.help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", param.help.c_str());
  }
  ImGui::PopID();
  return changed;
}

}  // namespace cudalab::app::widgets
