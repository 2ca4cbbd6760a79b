//! The inspector for one relation: storage, the six criteria as a form with the advisor's vote
//! and reason beside each, and the copies (extended reference, subset, computed, bucket).

use super::form::{enum_from, enum_name, labelled_options, Checkbox, NumberInput, Select, TextArea, TextInput};
use super::state::Editor;
use super::text::{say, tr};
use crate::advisor::{Criterion, CriterionVote, Vote};
use crate::i18n::{Labelled, Msg};
use crate::model::{
    BucketSpec, CopiedField, CopyCategory, Outliers, Propagation, Relation, Storage, Subset, Volatility,
};
use leptos::prelude::*;

fn edit_relation(editor: &Editor, id: &str, what: &str, f: impl FnOnce(&mut Relation)) {
    let key = format!("relation:{id}:{what}");
    editor.edit(Some(&key), |m| {
        if let Some(r) = m.relations.iter_mut().find(|r| r.id == id) {
            f(r);
        }
    });
}

/// Sets the relation's storage: a reference gets its field in the child (`Model::set_storage`),
/// which the box then shows.
fn set_storage(editor: &Editor, id: &str, storage: Storage) {
    editor.edit(Some(&format!("relation:{id}:storage")), |m| {
        m.set_storage(id, storage);
    });
}

/// The advisor's vote and reason for one criterion of this relation (`criteria`: the six,
/// written for this relation when the design changes).
#[component]
fn Vote(criteria: Memo<Option<[CriterionVote; 6]>>, criterion: Criterion) -> impl IntoView {
    let vote =
        move || criteria.with(|c| c.as_ref().map(|c| (c[criterion.index()].vote, c[criterion.index()].reason.clone())));
    move || {
        vote().map(|(v, reason)| {
            let class = match v {
                Vote::Embed => "vote embed",
                Vote::Reference => "vote reference",
                Vote::Neutral => "vote neutral",
            };
            let label = v.msg();
            view! {
                <p class="vote-line" data-testid="criterion-vote" data-criterion=criterion.label()>
                    <span class=class>{tr(label)}</span>
                    " "
                    {say(reason)}
                </p>
            }
        })
    }
}

#[component]
pub fn RelationInspector(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let idv = StoredValue::new(id.clone());
    let rel = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| m.relation(&id).cloned()))
    };
    let title = move || {
        rel.with(|r| {
            r.as_ref().map(|r| {
                editor.model.with(|m| {
                    let n = |id: &str| m.entity(id).map(|e| super::text::shown_name(&e.name)).unwrap_or_default();
                    format!("{} → {}", n(&r.parent), n(&r.child))
                })
            })
        })
    };
    let s =
        move |f: fn(&Relation) -> String| Signal::derive(move || rel.with(|r| r.as_ref().map(f).unwrap_or_default()));
    let n = move |f: fn(&Relation) -> Option<f64>| Signal::derive(move || rel.with(|r| r.as_ref().and_then(f)));
    let b = move |f: fn(&Relation) -> bool| Signal::derive(move || rel.with(|r| r.as_ref().is_some_and(f)));
    let on_s = move |what: &'static str, f: fn(&mut Relation, String)| {
        Callback::new(move |v: String| edit_relation(&editor, &idv.get_value(), what, |r| f(r, v)))
    };
    let on_n = move |what: &'static str, f: fn(&mut Relation, Option<f64>)| {
        Callback::new(move |v: Option<f64>| edit_relation(&editor, &idv.get_value(), what, |r| f(r, v)))
    };
    let on_b = move |what: &'static str, f: fn(&mut Relation, bool)| {
        Callback::new(move |v: bool| edit_relation(&editor, &idv.get_value(), what, |r| f(r, v)))
    };
    let advice = {
        let id = id.clone();
        move || editor.report.with(|r| r.relation(&id).cloned())
    };
    // The child's reference field is the child's field: renaming one renames the other (one
    // undo step while typing); a name another field of the child has is refused, and said
    // under the input.
    let refused = RwSignal::new(None::<String>);
    let rename_field = Callback::new(move |v: String| {
        let mut outcome = Ok(());
        let key = format!("relation:{}:cf", idv.get_value());
        editor.edit(Some(&key), |m| outcome = m.rename_reference_field(&idv.get_value(), &v));
        refused.set(outcome.err().map(|why| why.message().render(editor.lang.get_untracked())));
    });
    let storages = labelled_options(&[Storage::Embed, Storage::Reference, Storage::Bucket, Storage::Outside]);
    let volatility =
        labelled_options(&[Volatility::Never, Volatility::Rarely, Volatility::Often, Volatility::Constantly]);
    // The live report writes the reasons of the relation selected; until it is analysed
    // again after the selection (the next edit), they are written here.
    let criteria = {
        let id = id.clone();
        Memo::new(move |_| {
            let reported = editor.report.with(|r| r.relation(&id).and_then(|a| a.written_criteria()));
            reported.or_else(|| editor.model.with(|m| crate::advisor::relation_criteria(m, &id)))
        })
    };
    let vote = |c: Criterion| view! { <Vote criteria criterion=c /> };
    view! {
        <div class="panel inspector" data-testid="relation-inspector">
            <h2>{title}</h2>
            {move || advice().map(|a| view! {
                <div class="verdict-box" class:disagrees=!a.agrees data-testid="relation-verdict">
                    <p><strong>{tr(a.recommendation.msg())}</strong>" · "{tr(a.class.msg())}</p>
                    <p>{say(a.summary().clone())}</p>
                    {(!a.read_together().is_empty()).then(|| view! { <p class="hint">{Msg::ReadTogetherBy.fill(editor.lang.get(), &[&a.read_together().join(", ")])}</p> })}
                    {(!a.read_apart().is_empty()).then(|| view! { <p class="hint">{Msg::ChildReadAloneBy.fill(editor.lang.get(), &[&a.read_apart().join(", ")])}</p> })}
                </div>
            })}
            <Select label=Msg::Storage options=storages value=s(|r| enum_name(&r.storage)) on_change=Callback::new(move |v: String| set_storage(&editor, &idv.get_value(), enum_from(&v).unwrap_or_default())) testid="storage" />
            <TextInput label=Msg::FieldInParent value=s(|r| r.field.clone()) on_change=on_s("field", |r, v| r.field = v) />
            <TextInput label=Msg::ChildRefField placeholder="parent_id" value=s(|r| r.reference.child_field.clone().unwrap_or_default()) on_change=rename_field error=Signal::derive(move || refused.get()) testid="child-ref-field" />
            <TextInput label=Msg::ParentIdArray value=s(|r| r.reference.parent_field.clone().unwrap_or_default()) on_change=on_s("pf", |r, v| r.reference.parent_field = (!v.is_empty()).then_some(v)) />

            <h3>{tr(Msg::SixCriteria)}</h3>
            <fieldset class="criterion">
                <legend>"1 · "{tr(Criterion::Cardinality.msg())}</legend>
                <NumberInput label=Msg::TypicalChildren min=0.0 value=n(|r| Some(r.cardinality.typical)) on_change=on_n("typical", |r, v| r.cardinality.typical = v.unwrap_or(0.0)) testid="typical" />
                <Show when=move || rel.with(|r| r.as_ref().is_some_and(|r| r.cardinality.max.is_some()))>
                    <NumberInput label=Msg::AtMost min=0.0 value=n(|r| r.cardinality.max.map(|m| m as f64)) on_change=on_n("max", |r, v| r.cardinality.max = Some(v.unwrap_or(0.0) as u64)) testid="max" />
                </Show>
                <Checkbox label=Msg::ManyToMany value=b(|r| r.cardinality.many_to_many) on_change=on_b("m2m", |r, v| r.cardinality.many_to_many = v) />
                {vote(Criterion::Cardinality)}
            </fieldset>
            <fieldset class="criterion">
                <legend>"2 · "{tr(Criterion::ReadSeparately.msg())}</legend>
                <Checkbox label=Msg::ChildQueriedAlone value=b(|r| r.read_separately) on_change=on_b("sep", |r, v| r.read_separately = v) testid="read-separately" />
                {vote(Criterion::ReadSeparately)}
            </fieldset>
            <fieldset class="criterion">
                <legend>"3 · "{tr(Criterion::Volatility.msg())}</legend>
                <Select label=Msg::ChildChanges options=volatility value=s(|r| enum_name(&r.child_changes)) on_change=on_s("vol", |r, v| r.child_changes = enum_from(&v).unwrap_or_default()) />
                {vote(Criterion::Volatility)}
            </fieldset>
            <fieldset class="criterion">
                <legend>"4 · "{tr(Criterion::Size.msg())}</legend>
                <NumberInput label=Msg::BytesPerChild min=0.0 placeholder=Msg::FromItsFields value=n(|r| r.child_bytes.map(|b| b as f64)) on_change=on_n("bytes", |r, v| r.child_bytes = v.map(|v| v as u64)) />
                {vote(Criterion::Size)}
            </fieldset>
            <fieldset class="criterion">
                <legend>"5 · "{tr(Criterion::Growth.msg())}</legend>
                <Checkbox label=Msg::Unbounded value=b(|r| r.cardinality.max.is_none()) on_change=on_b("unbounded", |r, v| r.cardinality.max = if v { None } else { Some((r.cardinality.typical.ceil() as u64).max(1) * 2) }) testid="unbounded" />
                <NumberInput label=Msg::NewChildrenPerDay min=0.0 value=n(|r| r.cardinality.growth_per_day) on_change=on_n("growth", |r, v| r.cardinality.growth_per_day = v) />
                <NumberInput label=Msg::OutliersShare min=0.0 value=n(|r| r.cardinality.outliers.as_ref().map(|o| o.share)) on_change=on_n("oshare", |r, v| set_outliers(r, v, None)) />
                <NumberInput label=Msg::OutliersMost min=0.0 value=n(|r| r.cardinality.outliers.as_ref().map(|o| o.max as f64)) on_change=on_n("omax", |r, v| set_outliers(r, None, v)) testid="outliers-max" />
                {vote(Criterion::Growth)}
            </fieldset>
            <fieldset class="criterion">
                <legend>"6 · "{tr(Criterion::Atomicity.msg())}</legend>
                <Checkbox label=Msg::AtomicWithParent value=b(|r| r.atomic_with_parent) on_change=on_b("atomic", |r, v| r.atomic_with_parent = v) />
                {vote(Criterion::Atomicity)}
            </fieldset>

            <Copies id=id.clone() rel=rel />
            <TextArea label=Msg::Notes value=s(|r| r.notes.clone()) on_change=on_s("notes", |r, v| r.notes = v) />
        </div>
    }
}

fn set_outliers(r: &mut Relation, share: Option<f64>, max: Option<f64>) {
    let o = r.cardinality.outliers.get_or_insert(Outliers { share: 0.0, max: 0 });
    if let Some(s) = share {
        o.share = s.min(1.0);
    }
    if let Some(m) = max {
        o.max = m as u64;
    }
    if share.is_none() && max.is_none() {
        r.cardinality.outliers = None;
    }
}

/// Extended-reference copies, subset and bucket settings.
#[component]
fn Copies(id: String, rel: Memo<Option<Relation>>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let copies = move || rel.with(|r| r.as_ref().map(|r| r.extended.len()).unwrap_or(0));
    // Historical first: a copy written once with its holder (a price on an order line) is the
    // most common case the designer has to recognise.
    let cats = labelled_options(&[CopyCategory::Historical, CopyCategory::Immutable, CopyCategory::Live]);
    let props = {
        let options = labelled_options(&[Propagation::Immediate, Propagation::Deferred, Propagation::Reread]);
        Signal::derive(move || {
            let mut p = vec![(String::new(), editor.t(Msg::NoneOption).to_string())];
            p.extend(options.get());
            p
        })
    };
    let add_copy = {
        let id = id.clone();
        move |_| {
            edit_relation(&editor, &id, "addcopy", |r| {
                r.extended.push(CopiedField {
                    field: "name".into(),
                    as_field: None,
                    // Not stated: the advisor infers it (historical when the holder never changes).
                    category: None,
                    propagation: None,
                    used_to_decide: false,
                })
            })
        }
    };
    let toggle_subset = {
        let id = id.clone();
        Callback::new(move |on: bool| {
            edit_relation(&editor, &id, "subset", |r| {
                r.subset = on.then(|| Subset {
                    field: "recent".into(),
                    size: 5,
                    order_by: String::new(),
                    count_field: Some("total".into()),
                    fields: Vec::new(),
                })
            })
        })
    };
    let toggle_bucket = {
        let id = id.clone();
        Callback::new(move |on: bool| {
            edit_relation(&editor, &id, "bucket", |r| {
                r.bucket = on.then(|| BucketSpec {
                    array_field: "events".into(),
                    period: "day".into(),
                    cap: 500,
                    count_field: Some("count".into()),
                    period_field: Some("day".into()),
                    ttl_seconds: None,
                    id_scheme: String::new(),
                })
            })
        })
    };
    let row = {
        let id = id.clone();
        move |i: usize| {
            let (id1, id2, id3, id4, id5) = (id.clone(), id.clone(), id.clone(), id.clone(), id.clone());
            let get = move |f: fn(&CopiedField) -> String| {
                Signal::derive(move || {
                    rel.with(|r| r.as_ref().and_then(|r| r.extended.get(i)).map(f).unwrap_or_default())
                })
            };
            view! {
                <div class="copy-row" data-testid="copy-row">
                    <TextInput label=Msg::CopiedField value=get(|c| c.field.clone()) on_change=Callback::new(move |v: String| edit_relation(&editor, &id1, &format!("copy{i}f"), |r| if let Some(c) = r.extended.get_mut(i) { c.field = v })) />
                    <Select label=Msg::Category options=cats value=Signal::derive(move || rel.with(|r| r.as_ref().and_then(|r| r.extended.get(i).map(|c| enum_name(&r.copy_category(c)))).unwrap_or_default())) on_change=Callback::new(move |v: String| edit_relation(&editor, &id2, &format!("copy{i}c"), |r| if let Some(c) = r.extended.get_mut(i) { c.category = enum_from(&v) })) />
                    <Select label=Msg::Propagation options=props value=get(|c| c.propagation.map(|p| enum_name(&p)).unwrap_or_default()) on_change=Callback::new(move |v: String| edit_relation(&editor, &id3, &format!("copy{i}p"), |r| if let Some(c) = r.extended.get_mut(i) { c.propagation = enum_from(&v) })) />
                    <Checkbox label=Msg::UsedToDecide value=Signal::derive(move || rel.with(|r| r.as_ref().and_then(|r| r.extended.get(i)).is_some_and(|c| c.used_to_decide))) on_change=Callback::new(move |v: bool| edit_relation(&editor, &id4, &format!("copy{i}d"), |r| if let Some(c) = r.extended.get_mut(i) { c.used_to_decide = v })) />
                    <button aria-label=tr(Msg::RemoveCopy) on:click=move |_| edit_relation(&editor, &id5, "rmcopy", |r| { if i < r.extended.len() { r.extended.remove(i); } })>"✕"</button>
                </div>
            }
        }
    };
    let sub = move |f: fn(&Subset) -> String| {
        Signal::derive(move || rel.with(|r| r.as_ref().and_then(|r| r.subset.as_ref()).map(f).unwrap_or_default()))
    };
    let bk = move |f: fn(&BucketSpec) -> Option<f64>| {
        Signal::derive(move || rel.with(|r| r.as_ref().and_then(|r| r.bucket.as_ref()).and_then(f)))
    };
    let (ids, idn, idb1, idb2) = (id.clone(), id.clone(), id.clone(), id.clone());
    view! {
        <h3>{tr(Msg::Copies)}</h3>
        <p class="hint">{tr(Msg::CopiesHint)}</p>
        {move || (0..copies()).map(row.clone()).collect_view()}
        <button class="add" on:click=add_copy>{tr(Msg::AddCopiedField)}</button>
        <Checkbox label=Msg::SubsetToggle value=Signal::derive(move || rel.with(|r| r.as_ref().is_some_and(|r| r.subset.is_some()))) on_change=toggle_subset />
        <Show when=move || rel.with(|r| r.as_ref().is_some_and(|r| r.subset.is_some()))>
            <TextInput label=Msg::SubsetField value=sub(|s| s.field.clone()) on_change=Callback::new({ let id = ids.clone(); move |v: String| edit_relation(&editor, &id, "subf", |r| if let Some(s) = r.subset.as_mut() { s.field = v }) }) />
            <NumberInput label=Msg::Keep min=1.0 value=Signal::derive(move || rel.with(|r| r.as_ref().and_then(|r| r.subset.as_ref()).map(|s| s.size as f64))) on_change=Callback::new({ let id = idn.clone(); move |v: Option<f64>| edit_relation(&editor, &id, "subn", |r| if let Some(s) = r.subset.as_mut() { s.size = v.unwrap_or(1.0).min(u32::MAX as f64) as u32 }) }) />
        </Show>
        <Checkbox label=Msg::BucketToggle value=Signal::derive(move || rel.with(|r| r.as_ref().is_some_and(|r| r.bucket.is_some()))) on_change=toggle_bucket />
        <Show when=move || rel.with(|r| r.as_ref().is_some_and(|r| r.bucket.is_some()))>
            <NumberInput label=Msg::CapEvents min=1.0 value=bk(|b| Some(b.cap as f64)) on_change=Callback::new({ let id = idb1.clone(); move |v: Option<f64>| edit_relation(&editor, &id, "cap", |r| if let Some(b) = r.bucket.as_mut() { b.cap = v.unwrap_or(1.0) as u64 }) }) />
            <NumberInput label=Msg::TtlSeconds min=0.0 value=bk(|b| b.ttl_seconds.map(|t| t as f64)) on_change=Callback::new({ let id = idb2.clone(); move |v: Option<f64>| edit_relation(&editor, &id, "ttl", |r| if let Some(b) = r.bucket.as_mut() { b.ttl_seconds = v.map(|v| v as u64) }) }) />
        </Show>
    }
}
