//! The catalogue message for each word of the model and the advisor that the interface shows
//! as a label (storage, recommendation, criterion...). The serialized names in the model file
//! do not change; only what the user reads does.

use super::Msg;
use crate::advisor::{CardinalityClass, Criterion, PatternKind, Recommendation, Vote};
use crate::model::{CopyCategory, EntityKind, Propagation, QueryKind, Storage, Volatility};

/// A model or advisor value with a label in the catalogue.
pub trait Labelled {
    /// The message that names this value.
    fn msg(&self) -> Msg;
}

macro_rules! labels {
    ($ty:ty { $($variant:ident => $msg:ident),* $(,)? }) => {
        impl Labelled for $ty {
            fn msg(&self) -> Msg {
                match self {
                    $(<$ty>::$variant => Msg::$msg),*
                }
            }
        }
    };
}

labels!(Storage { Embed => StorageEmbed, Reference => StorageReference, Bucket => StorageBucket, Outside => StorageOutside });
labels!(Vote { Embed => VoteEmbed, Reference => VoteReference, Neutral => VoteNeutral });
labels!(Volatility { Never => VolNever, Rarely => VolRarely, Often => VolOften, Constantly => VolConstantly });
labels!(CopyCategory { Immutable => CatImmutable, Historical => CatHistorical, Live => CatLive });
labels!(Propagation { Immediate => PropImmediate, Deferred => PropDeferred, Reread => PropReread });
labels!(QueryKind { Read => QkRead, Write => QkWrite, Analytical => QkAnalytical });
labels!(EntityKind { Document => KindDocument, Value => KindValue, External => KindExternal });
labels!(Criterion {
    Cardinality => CritCardinality,
    ReadSeparately => CritReadSeparately,
    Volatility => CritVolatility,
    Size => CritSize,
    Growth => CritGrowth,
    Atomicity => CritAtomicity,
});
labels!(Recommendation {
    Embed => RecEmbed,
    EmbedWatchBound => RecEmbedWatchBound,
    ReferenceIdsInParent => RecReferenceIdsInParent,
    ReferenceFromChild => RecReferenceFromChild,
    ReferenceWithSubset => RecReferenceWithSubset,
    ExtendedReference => RecExtendedReference,
    Bucket => RecBucket,
    KeepOutside => RecKeepOutside,
});
labels!(CardinalityClass {
    OneToOne => ClassOneToOne,
    OneToFew => ClassOneToFew,
    OneToMany => ClassOneToMany,
    OneToSquillions => ClassOneToSquillions,
    ManyToMany => ClassManyToMany,
});
labels!(PatternKind {
    ExtendedReference => PatExtendedReference,
    Subset => PatSubset,
    Bucket => PatBucket,
    Outlier => PatOutlier,
    Computed => PatComputed,
    SchemaVersioning => PatSchemaVersioning,
    Polymorphic => PatPolymorphic,
    Attribute => PatAttribute,
    Approximation => PatApproximation,
    Archive => PatArchive,
});
