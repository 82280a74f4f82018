//! `bitqueens serve` with real WebSocket clients on loopback: a teacher's whole class, and
//! every kind of bad client (a student sending teacher messages, another origin, messages
//! too big or broken, a flood, a client that never reads). Each test starts its own server.

mod class_client;

use class_client::*;
use serde_json::{json, Value};

/// A free-squares question on an empty 8×8 board: every square of row 1 is free, so the
/// right answer is all eight digits (from the board, not from the server).
const ALL_FREE: u32 = 0b1111_1111;

fn bars(histogram: &Value, round: usize) -> Vec<(u64, u64, bool, bool)> {
    histogram["rounds"][round]["bars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|bar| {
            (
                bar["given"]["mask"].as_u64().unwrap(),
                bar["count"].as_u64().unwrap(),
                bar["right"].as_bool().unwrap(),
                bar["reason"].is_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teachers_whole_class() {
    let server = Server::start(&[]);
    let (mut teacher, opened) = teacher(&server).await;
    let code = opened["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6);
    assert_eq!(opened["joinPath"], format!("/c/{code}"));
    assert!(opened["secret"].as_str().unwrap().len() >= 26);

    let mut students = Vec::new();
    for _ in 0..3 {
        let (client, joined) = student(&server, &code.to_lowercase(), None).await;
        assert_eq!(joined["code"], code);
        assert!(joined["question"].is_null());
        students.push((client, joined["token"].as_str().unwrap().to_string()));
        // The teacher's roster counts them in; no student sees another's name.
    }
    let roster = loop {
        let roster = teacher.recv_type("roster").await;
        if roster["joined"] == 3 {
            break roster;
        }
    };
    assert_eq!(roster["students"].as_array().unwrap().len(), 3);

    teacher
        .send(json!({"type": "show", "n": 8, "mirror": false, "step": 0, "lesson": null, "stop": null}))
        .await;
    for (client, _) in &mut students {
        let show = client.recv_type("show").await;
        assert_eq!(
            (show["n"].clone(), show["step"].clone()),
            (json!(8), json!(0))
        );
    }
    teacher
        .send(json!({"type": "ask", "topic": "free-squares"}))
        .await;
    let asked = teacher.recv_type("question").await;
    let id = asked["id"].as_u64().unwrap();
    assert_eq!(asked["round"], 1);
    for (client, _) in &mut students {
        let question = client.recv_type("question").await;
        assert_eq!(question["id"], id);
        assert_eq!(question["form"], "digits");
        assert!(question["question"].get("answer").is_none(), "{question}");
        assert!(question["question"].get("next").is_none(), "{question}");
    }

    // Round 1: two right, one gives the attacked squares (none on an empty board: 0).
    let round1 = [ALL_FREE, ALL_FREE, 0];
    for ((client, _), mask) in students.iter_mut().zip(round1) {
        client
            .send(json!({"type": "answer", "question": id, "round": 1, "given": {"form": "digits", "mask": mask}}))
            .await;
        let received = client.recv_type("received").await;
        assert_eq!(
            (received["id"].as_u64(), received["round"].as_u64()),
            (Some(id), Some(1))
        );
    }
    let tally = loop {
        let tally = teacher.recv_type("tally").await;
        if tally["answered"] == 3 {
            break tally;
        }
        assert!(
            tally.get("given").is_none(),
            "a tally carries no answers: {tally}"
        );
    };
    assert_eq!(tally["joined"], 3);

    teacher.send(json!({"type": "reveal"})).await;
    let histogram = teacher.recv_type("histogram").await;
    assert_eq!(histogram["question"]["answer"]["mask"], ALL_FREE);
    assert_eq!(
        bars(&histogram, 0),
        [(ALL_FREE as u64, 2, true, false), (0, 1, false, true)]
    );
    for ((client, _), mask) in students.iter_mut().zip(round1) {
        let result = client.recv_type("result").await;
        assert_eq!(result["right"], mask == ALL_FREE, "{result}");
        assert_eq!(result["answer"]["mask"], ALL_FREE);
    }

    // Round 2: everyone right but the third, who does not answer yet.
    teacher.send(json!({"type": "voteAgain"})).await;
    for (client, _) in &mut students {
        let question = client.recv_type("question").await;
        assert_eq!(
            (question["id"].as_u64(), question["round"].as_u64()),
            (Some(id), Some(2))
        );
    }
    for (client, _) in students.iter_mut().take(2) {
        client
            .send(json!({"type": "answer", "question": id, "round": 2, "given": {"form": "digits", "mask": ALL_FREE}}))
            .await;
        client.recv_type("received").await;
    }

    // The third reloads (a new connection, its token) and answers; then reloads again: its
    // round-2 answer is kept, and it lands on the open question.
    let (third, token) = students.pop().unwrap();
    drop(third);
    let (mut third, joined) = student(&server, &code, Some(&token)).await;
    assert_eq!(joined["token"], token);
    assert_eq!(joined["question"]["round"], 2);
    assert!(joined["answer"].is_null());
    third
        .send(json!({"type": "answer", "question": id, "round": 2, "given": {"form": "digits", "mask": 0b1000_0000}}))
        .await;
    third.recv_type("received").await;
    drop(third);
    let (third, joined) = student(&server, &code, Some(&token)).await;
    assert_eq!(
        joined["answer"],
        json!({"form": "digits", "mask": 0b1000_0000})
    );
    students.push((third, token));

    teacher.send(json!({"type": "reveal"})).await;
    let histogram = teacher.recv_type("histogram").await;
    assert_eq!(histogram["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(
        bars(&histogram, 1),
        [
            (ALL_FREE as u64, 2, true, false),
            (0b1000_0000, 1, false, true)
        ]
    );

    teacher.send(json!({"type": "results"})).await;
    let results = teacher.recv_type("results").await;
    let rows = results["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "{results}");
    assert_eq!(rows.iter().filter(|r| r["right"] == true).count(), 4);

    teacher.send(json!({"type": "end"})).await;
    for (client, _) in &mut students {
        let (code, _, before) = client.closed().await;
        assert!(before.iter().any(|m| m["type"] == "ended"), "{before:?}");
        assert_eq!(code, 1000);
    }
}
