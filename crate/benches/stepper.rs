//! How fast the stepper walks a whole search, one event per call: forwards, and back to the
//! start. Throughput is reported in steps per second. Run: `cargo bench -p bitqueens`.

use bitqueens::Stepper;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

fn stepping(c: &mut Criterion) {
    let mut group = c.benchmark_group("stepper");
    for n in [8u32, 10] {
        let steps = Stepper::new(n).unwrap().count() as u64;
        group.throughput(Throughput::Elements(steps));
        group.bench_with_input(BenchmarkId::new("forward to the end", n), &n, |b, &n| {
            b.iter(|| {
                let mut search = Stepper::new(black_box(n)).unwrap();
                while !search.is_finished() {
                    black_box(search.step());
                }
                search.solutions()
            })
        });
        let mut finished = Stepper::new(n).unwrap();
        finished.by_ref().count();
        group.bench_with_input(
            BenchmarkId::new("back to the start", n),
            &finished,
            |b, end| {
                b.iter(|| {
                    let mut search = end.clone();
                    while let Some(step) = search.back() {
                        black_box(step);
                    }
                    search.steps()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, stepping);
criterion_main!(benches);
