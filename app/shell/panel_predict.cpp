// Predict, then run: the question card that stands in for the canvas before a step's first run,
// and the verdict above the picture once the run has answered. The question, the parsing and the
// judging are the lessons' own (lessons/prediction.h), so the CLI's `--predict` says the same.
#include <string>

#include <cstdio>

#include "prediction.h"
#include "shell/app_shell.h"
#include "widgets/banner.h"

namespace cudalab::app {

using i18n::tr;

bool AppShell::prediction_due() const {
  const lessons::Step* step = course_.current_step_outline();
  if (step == nullptr || !step->prediction) return false;
  // Screenshots and the tour show runs; they ask only when told to.
  if (automated_ && !options_.ask_prediction && !prediction_.at_start) return false;
  return prediction_.answered.count({course_.current_chapter(), course_.current_step()}) == 0;
}

void AppShell::submit_prediction(std::optional<double> answer) {
  prediction_.answered.insert({course_.current_chapter(), course_.current_step()});
  prediction_.asking = false;
  prediction_.problem.clear();
  prediction_.submitted = answer;
  request_run();
  prediction_.submitted_for = answer ? expected_outcome_ : 0;
}

void AppShell::judge_prediction(LessonRunner::Outcome* outcome) {
  if (!prediction_.submitted || outcome->partial || outcome->id != prediction_.submitted_for) return;
  const double predicted = *prediction_.submitted;
  prediction_.submitted.reset();
  const lessons::Step* step = course_.current_step_outline();
  if (step == nullptr || !step->prediction) return;
  const auto verdict = lessons::judge_prediction(*step, course_.values(), predicted, outcome->run);
  if (!verdict) {
    console_.add(ConsoleLog::Kind::warning,
                 "The run did not produce an answer, so your prediction has nothing to compare with.");
    return;
  }
  lessons::record_prediction(*verdict, &outcome->run);
  console_.add(verdict->right ? ConsoleLog::Kind::success : ConsoleLog::Kind::warning, "Prediction: " + verdict->in_words);
}

void AppShell::draw_prediction_card() {
  const lessons::Step* step = course_.current_step_outline();
  if (step == nullptr || !step->prediction) {
    prediction_.asking = false;
    return;
  }
  // The question, its choices and its unit in the current language (the lesson's English is the
  // key); answers are parsed against the lesson's own prediction, by number or choice index.
  lessons::Step asked = *step;
  asked.prediction->question = tr(asked.prediction->question);
  for (std::string& choice : asked.prediction->choices) choice = tr(choice);
  asked.prediction->unit = tr(asked.prediction->unit);
  const lessons::Prediction& prediction = *asked.prediction;
  const float em = fonts_.regular->FontSize;
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float width = std::min(available.x - 2.f * em, em * 34.f);
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + (available.x - width) * 0.5f, ImGui::GetCursorPosY() + em));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::PushStyleColor(ImGuiCol_Text, colours_.accent);
  ImGui::TextUnformatted(tr("PREDICT FIRST"));
  ImGui::PopStyleColor();
  ImGui::PushFont(fonts_.bold);
  ImGui::TextWrapped("%s", lessons::prediction_question(asked, course_.values()).c_str());
  ImGui::PopFont();
  ImGui::Spacing();

  bool submit = false;
  if (prediction.kind == lessons::Prediction::Kind::number) {
    if (prediction_.focus_input) ImGui::SetKeyboardFocusHere();
    prediction_.focus_input = false;
    char buffer[64] = {};
    prediction_.typed.copy(buffer, sizeof(buffer) - 1);
    ImGui::SetNextItemWidth(em * 8.f);
    if (ImGui::InputText("##prediction", buffer, sizeof(buffer), ImGuiInputTextFlags_EnterReturnsTrue)) submit = true;
    prediction_.typed = buffer;
    if (!prediction.unit.empty()) {
      ImGui::SameLine();
      ImGui::TextUnformatted(prediction.unit.c_str());
    }
  } else {
    for (int i = 0; i < static_cast<int>(prediction.choices.size()); ++i) {
      const std::string label = std::to_string(i + 1) + ". " + prediction.choices[static_cast<std::size_t>(i)];
      if (ImGui::RadioButton(label.c_str(), prediction_.choice == i)) prediction_.choice = i;
    }
  }
  ImGui::Spacing();
  const bool answered = prediction.kind == lessons::Prediction::Kind::number ? !prediction_.typed.empty() : prediction_.choice >= 0;
  ImGui::BeginDisabled(!answered);
  if (ImGui::Button(tr("▶ Run and compare"))) submit = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(tr("Skip: just run"))) {
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    submit_prediction(std::nullopt);
    return;
  }
  if (submit && answered) {
    double value = 0;
    const std::string typed =
        prediction.kind == lessons::Prediction::Kind::number ? prediction_.typed : std::to_string(prediction_.choice + 1);
    if (const Status parsed = lessons::parse_prediction(prediction, typed, &value); parsed.ok()) {
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
      submit_prediction(value);
      return;
    } else {
      prediction_.problem = parsed.message;
    }
  }
  if (!prediction_.problem.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colours_.error);
    ImGui::TextWrapped("%s", prediction_.problem.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, colours_.dim_text);
  ImGui::TextWrapped("%s", tr("Commit to an answer, then run: the run's own result is compared with yours. The sliders still "
                     "change the question."));
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

void AppShell::draw_prediction_verdict() {
  if (!shown_ || !shown_->run.results.is_object()) return;
  const auto found = shown_->run.results.find("prediction");
  if (found == shown_->run.results.end() || !found->is_object()) return;
  const bool right = found->value("right", false);
  // The verdict's words come from the lesson (English); in Chinese the app says it from the numbers.
  std::string words = (right ? "✓ " : "✗ ") + found->value("in_words", std::string());
  if (i18n::current_language() == i18n::Language::zh_cn) {
    // A choice by its words, a number with its unit, as the lesson's English verdict says them.
    const lessons::Step* outline = course_.current_step_outline();
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
