//! A room link's fragment, `#room=ID&key=SECRET`: what "Edit together" gives and what opens a
//! room. The key is the capability (the server refuses a room without it); the id is derived
//! from the key ([`room_of`]), so a link whose id and key do not match is refused here, before
//! anything is sent, with a message that says which part is wrong. The fragment never reaches
//! a web server (browsers do not send it).

use super::room::room_of;
use crate::i18n::{Lang, Text};
use crate::text;
use std::fmt;

/// The shortest and longest key a link may carry (a key docshape makes is 43 characters: 32
/// random bytes in base64url).
const MIN_KEY: usize = 16;
const MAX_KEY: usize = 128;

/// An invitation to a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub room: String,
    pub key: String,
}

/// Why a room link does not open a room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InviteError {
    /// No `room=` or no `key=` in the fragment.
    Missing(&'static str),
    /// The key is too short, too long, or holds characters a key never has.
    BadKey,
    /// The room id is not the one the key opens (a link cut or edited by hand).
    Mismatch,
}

impl InviteError {
    /// The message, in the three languages.
    pub fn message(&self) -> Text {
        match self {
            InviteError::Missing(what) => text!(
                en: "The room link has no {what}: copy the whole link again.",
                es: "Al enlace de la sala le falta {what}: copia el enlace entero otra vez.",
                pt: "Falta {what} no link da sala: copie o link inteiro de novo.";
                what = *what
            ),
            InviteError::BadKey => text!(
                en: "The room link's key is not one docshape makes: copy the whole link again.",
                es: "La clave del enlace de la sala no es una que docshape cree: copia el enlace entero otra vez.",
                pt: "A chave do link da sala não é uma que o docshape cria: copie o link inteiro de novo."
            ),
            InviteError::Mismatch => text!(
                en: "The room link's key does not open its room: the link was cut or changed; copy it again.",
                es: "La clave del enlace no abre su sala: el enlace se cortó o se cambió; cópialo otra vez.",
                pt: "A chave do link não abre a sua sala: o link foi cortado ou alterado; copie-o de novo."
            ),
        }
    }
}

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().render(Lang::En))
    }
}

impl std::error::Error for InviteError {}

fn key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

impl Invite {
    /// The invitation for `key` (random bytes in base64url, from the caller).
    pub fn for_key(key: &str) -> Result<Invite, InviteError> {
        if !(MIN_KEY..=MAX_KEY).contains(&key.len()) || !key.chars().all(key_char) {
            return Err(InviteError::BadKey);
        }
        Ok(Invite { room: room_of(key), key: key.to_string() })
    }

    /// Reads a link's fragment (with or without its `#`); other members are ignored.
    pub fn parse(fragment: &str) -> Result<Invite, InviteError> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let member = |name: &str| {
            fragment.split('&').find_map(|part| part.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')))
        };
        let room = member("room").ok_or(InviteError::Missing("room"))?;
        let key = member("key").ok_or(InviteError::Missing("key"))?;
        let invite = Invite::for_key(key)?;
        if invite.room != room {
            return Err(InviteError::Mismatch);
        }
        Ok(invite)
    }

    /// The fragment to put after the app's address.
    pub fn fragment(&self) -> String {
        format!("#room={}&key={}", self.room, self.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "q3Jx_8-bWc0aZ2fKp1LmN4oR7sT9uV6wXyYz0AbCdEf";

    #[test]
    fn a_link_reads_back() {
        let invite = Invite::for_key(KEY).expect("a key docshape makes");
        assert_eq!(invite.room.len(), 32);
        assert_eq!(Invite::parse(&invite.fragment()), Ok(invite.clone()));
        // Other members of the fragment (a share link's, say) are left alone.
        let with_more = format!("#model=abc&room={}&key={KEY}&x=1", invite.room);
        assert_eq!(Invite::parse(&with_more), Ok(invite));
    }

    #[test]
    fn a_broken_link_says_what_is_wrong() {
        let room = room_of(KEY);
        assert_eq!(Invite::parse(&format!("#key={KEY}")), Err(InviteError::Missing("room")));
        assert_eq!(Invite::parse(&format!("#room={room}")), Err(InviteError::Missing("key")));
        assert_eq!(Invite::parse(&format!("#room={room}&key={}", &KEY[..20])), Err(InviteError::Mismatch));
        assert_eq!(Invite::parse(&format!("#room={room}&key=short")), Err(InviteError::BadKey));
        let hostile = format!("#room={room}&key=<script>alert(1)</script>xxxxxxxx");
        assert_eq!(Invite::parse(&hostile), Err(InviteError::BadKey));
        assert_eq!(Invite::parse(&format!("#room={room}&key={}", "a".repeat(MAX_KEY + 1))), Err(InviteError::BadKey));
        assert!(InviteError::Mismatch.to_string().contains("copy it again"));
        assert!(InviteError::Missing("key").message().render(Lang::Es).contains("le falta key"));
        // Arbitrary bytes never panic.
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..2000 {
            let s: String =
                (0..rng.below(80)).map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('x')).collect();
            let _ = Invite::parse(&s);
            let _ = Invite::parse(&format!("room={s}&key={s}"));
        }
    }
}
