// Teaching: Predict (the questions, the answer panel, the score), lessons (the built-in ones,
// the lesson bar, the lessons kept in this browser) and the presenter view. Other folders use
// only these names:
//   Predict, QuestionPanel, Score, LessonsPanel, YourLessons, readLesson, unreachableStops,
//   describeState, writeLesson, lessonVocabulary, checkLesson, withoutLesson, BUILT_IN_LESSONS,
//   Presenter, LessonStops, prompt (a question's prompt, for the live class), Concealer (what
//   hides a question's answer on the page, for Predict and the live class), AnswerInput (the
//   learner's answer to a question, in the core's shape: Predict's, and the live class's
//   through main.js)

export { Predict } from './predict.js';
export { QuestionPanel } from './question-panel.js';
export { Score } from './score.js';
export { LessonsPanel } from './lessons-panel.js';
export { YourLessons } from './your-lessons.js';
export {
  readLesson, unreachableStops, describeState, writeLesson, lessonVocabulary, checkLesson,
} from './lesson.js';
export { withoutLesson } from './lesson-link.js';
export { LessonStops } from './lesson-stops.js';
export { BUILT_IN_LESSONS } from './lessons/index.js';
export { Presenter } from './presenter.js';
export { prompt } from './questions.js';
export { Concealer } from './conceal.js';
export { AnswerInput } from './answer-input.js';
