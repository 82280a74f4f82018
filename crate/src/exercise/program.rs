//! The learner's loop as a stepper (see below).
