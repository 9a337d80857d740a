; TypeScript and TSX: as JavaScript; interfaces, types, enums, overload signatures and
; namespaces carry no body of their own and stay whole.
(function_declaration body: (statement_block) @body)
(generator_function_declaration body: (statement_block) @body)
(function_expression body: (statement_block) @body)
(generator_function body: (statement_block) @body)
(method_definition body: (statement_block) @body)
(class_static_block body: (statement_block) @body)
(arrow_function body: (statement_block) @body)
((arrow_function body: (_) @body)
  (#not-match? @body "^\\{")
  (#set! placeholder "…"))
