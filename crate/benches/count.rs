//! The counters on one thread, N = 12..16: the fast counter (`count::backtrack::whole`) against the baseline,
//! the plain recursive bitmask with mirror symmetry. Throughput is in nodes (queens placed)
//! per second, as each counter reports them. Run: `cargo bench -p bitqueens --bench count`.

use bitqueens::count::backtrack::whole;
use bitqueens::count::plain::plain_count;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    for n in 12u32..=16 {
        group.measurement_time(Duration::from_secs(if n >= 15 { 20 } else { 5 }));
        group.throughput(Throughput::Elements(whole(n).unwrap().work));
        group.bench_with_input(BenchmarkId::new("fast (full symmetry)", n), &n, |b, &n| {
            b.iter(|| whole(black_box(n)).unwrap().total)
        });
        group.throughput(Throughput::Elements(plain_count(n, true).unwrap().work));
        group.bench_with_input(
            BenchmarkId::new("plain mirror (baseline)", n),
            &n,
            |b, &n| b.iter(|| plain_count(black_box(n), true).unwrap().total),
        );
    }
    group.finish();
}

criterion_group!(benches, counting);
criterion_main!(benches);
