; Rust: fn items (free, in impls, default trait methods) lose their block; traits, structs,
; enums, consts, macros' signatures and attributes stay.
(function_item body: (block) @body)
