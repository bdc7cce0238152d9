#include "panels/prediction_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "i18n/language.h"
#include "prediction.h"
#include "widgets/banner.h"

namespace cudalab::app {

using i18n::tr;

bool PredictionPanel::due(const Course& course) const {
  const lessons::Step* step = course.current_step_outline();
  if (step == nullptr || !step->prediction) return false;
  if (quiet_ && !at_start_) return false;
  return answered_.count({course.current_chapter(), course.current_step()}) == 0;
}

std::optional<double> PredictionPanel::start_asking(const Course& course) {
  card_ = Card{.asking = true, .focus_input = true};
  submitted_.reset();
  submitted_for_ = 0;
  if (!at_start_) return std::nullopt;
  double answer = 0;
  // Checked when the window started (AppShell::prepare_start): it parses.
  (void)lessons::parse_prediction(*course.current_step_outline()->prediction, *at_start_, &answer);
  at_start_.reset();
  return answer;
}

void PredictionPanel::answered(const Course& course, std::optional<double> value) {
  answered_.insert({course.current_chapter(), course.current_step()});
  card_.asking = false;
  card_.problem.clear();
  submitted_ = value;
  submitted_for_ = 0;
}

void PredictionPanel::judge(Course& course, std::uint64_t request, Run* run, ConsoleLog& console) {
  if (!submitted_ || request != submitted_for_) return;
  const double predicted = *submitted_;
  submitted_.reset();
  const lessons::Step* step = course.current_step_outline();
  if (step == nullptr || !step->prediction) return;
  const auto verdict = lessons::judge_prediction(*step, course.values(), predicted, *run);
  if (!verdict) {
    console.add(ConsoleLog::Kind::warning, "The run did not produce an answer, so your prediction has nothing to compare with.");
    return;
  }
  lessons::record_prediction(*verdict, run);
  console.add(verdict->right ? ConsoleLog::Kind::success : ConsoleLog::Kind::warning, "Prediction: " + verdict->in_words);
}

std::optional<std::optional<double>> PredictionPanel::draw_card(Course& course, const widgets::Style& style) {
  const lessons::Step* step = course.current_step_outline();
  if (step == nullptr || !step->prediction) {
    card_.asking = false;
    return std::nullopt;
  }
  // The question, its choices and its unit in the current language (the lesson's English is the
  // key); answers are parsed against the lesson's own prediction, by number or choice index.
  lessons::Step asked = *step;
  asked.prediction->question = tr(asked.prediction->question);
  for (std::string& choice : asked.prediction->choices) choice = tr(choice);
  asked.prediction->unit = tr(asked.prediction->unit);
  const lessons::Prediction& prediction = *asked.prediction;
  const float em = style.fonts.regular->FontSize;
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float width = std::min(available.x - 2.f * em, em * 34.f);
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + (available.x - width) * 0.5f, ImGui::GetCursorPosY() + em));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::PushStyleColor(ImGuiCol_Text, style.colours.accent);
  ImGui::TextUnformatted(tr("PREDICT FIRST"));
  ImGui::PopStyleColor();
  ImGui::PushFont(style.fonts.bold);
  ImGui::TextWrapped("%s", lessons::prediction_question(asked, course.values()).c_str());
  ImGui::PopFont();
  ImGui::Spacing();

  bool submit = false;
  if (prediction.kind == lessons::Prediction::Kind::number) {
    if (card_.focus_input) ImGui::SetKeyboardFocusHere();
    card_.focus_input = false;
    char buffer[64] = {};
    card_.typed.copy(buffer, sizeof(buffer) - 1);
    ImGui::SetNextItemWidth(em * 8.f);
    if (ImGui::InputText("##prediction", buffer, sizeof(buffer), ImGuiInputTextFlags_EnterReturnsTrue)) submit = true;
    card_.typed = buffer;
    if (!prediction.unit.empty()) {
      ImGui::SameLine();
      ImGui::TextUnformatted(prediction.unit.c_str());
    }
  } else {
    for (int i = 0; i < static_cast<int>(prediction.choices.size()); ++i) {
      const std::string label = std::to_string(i + 1) + ". " + prediction.choices[static_cast<std::size_t>(i)];
      if (ImGui::RadioButton(label.c_str(), card_.choice == i)) card_.choice = i;
    }
  }
  ImGui::Spacing();
  const bool has_answer = prediction.kind == lessons::Prediction::Kind::number ? !card_.typed.empty() : card_.choice >= 0;
  ImGui::BeginDisabled(!has_answer);
  if (ImGui::Button(tr("▶ Run and compare"))) submit = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(tr("Skip: just run"))) {
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    return std::optional<double>();
  }
  if (submit && has_answer) {
    double value = 0;
    const std::string typed =
        prediction.kind == lessons::Prediction::Kind::number ? card_.typed : std::to_string(card_.choice + 1);
    if (const Status parsed = lessons::parse_prediction(prediction, typed, &value); parsed.ok()) {
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
      return std::optional<double>(value);
    } else {
      card_.problem = parsed.message;
    }
  }
  if (!card_.problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.error);
    ImGui::TextWrapped("%s", card_.problem.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, style.colours.dim_text);
  ImGui::TextWrapped("%s", tr("Commit to an answer, then run: the run's own result is compared with yours. The sliders still "
                     "change the question."));
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  return std::nullopt;
}

void PredictionPanel::draw_verdict(const Run& shown, const Course& course) {
  if (!shown.results.is_object()) return;
  const auto found = shown.results.find("prediction");
  if (found == shown.results.end() || !found->is_object()) return;
  const bool right = found->value("right", false);
  // The verdict's words come from the lesson (English); in Chinese the app says it from the numbers.
  std::string words = (right ? "✓ " : "✗ ") + found->value("in_words", std::string());
  if (i18n::current_language() == i18n::Language::zh_cn) {
    // A choice by its words, a number with its unit, as the lesson's English verdict says them.
    const lessons::Step* outline = course.current_step_outline();
    const lessons::Prediction* prediction = outline != nullptr && outline->prediction ? &*outline->prediction : nullptr;
    auto in_words = [&](double value) {
      if (prediction != nullptr && prediction->kind == lessons::Prediction::Kind::choice && value >= 0 &&
          value < static_cast<double>(prediction->choices.size())) {
        return "“" + tr(prediction->choices[static_cast<std::size_t>(value)]) + "”";
      }
      char number[64];
      std::snprintf(number, sizeof(number), "%g", value);
      return std::string(number) + (prediction != nullptr && !prediction->unit.empty() ? " " + tr(prediction->unit) : "");
    };
    char said[512];
    std::snprintf(said, sizeof(said), tr("You predicted %s; the run says %s. %s"), in_words(found->value("predicted", 0.0)).c_str(),
                  in_words(found->value("actual", 0.0)).c_str(),
                  right ? tr("Right.") : tr("Not this time: look at the picture to see why."));
    words = (right ? "✓ " : "✗ ") + std::string(said);
  }
  if (widgets::draw_banner(words, right ? IM_COL32(30, 110, 70, 255) : IM_COL32(130, 95, 20, 255))) {
    ImGui::SetTooltip("%s", found->value("question", std::string()).c_str());
  }
}

}  // namespace cudalab::app
