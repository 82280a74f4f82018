//! Meeting in the middle on one thread, N = 12..17, against the backtracking counter
//! (`count::backtrack::whole`) at the same N: the time of the whole total. Run:
//! `cargo bench -p bitqueens --bench meet`. (N = 18 to 20, side by side with the reference
//! counter: the README's table, by `bitqueens count N --threads 1` under GNU time.)

use bitqueens::count::backtrack::whole;
use bitqueens::count::meet;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn meeting(c: &mut Criterion) {
    let mut group = c.benchmark_group("meet");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for n in 12u32..=17 {
        group.measurement_time(Duration::from_secs(if n >= 16 { 20 } else { 5 }));
        group.bench_with_input(BenchmarkId::new("meet in the middle", n), &n, |b, &n| {
            b.iter(|| meet::whole_total(black_box(n)).unwrap())
        });
        if n <= 16 {
            group.bench_with_input(BenchmarkId::new("backtracking", n), &n, |b, &n| {
                b.iter(|| whole(black_box(n)).unwrap().total)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, meeting);
criterion_main!(benches);
