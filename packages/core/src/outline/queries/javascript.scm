; JavaScript (and JSX): functions, methods and arrows keep their signature, lose their body.
(function_declaration body: (statement_block) @body)
(generator_function_declaration body: (statement_block) @body)
(function_expression body: (statement_block) @body)
(generator_function body: (statement_block) @body)
(method_definition body: (statement_block) @body)
(class_static_block body: (statement_block) @body)
(arrow_function body: (statement_block) @body)
; An expression body (`=> a + b`, `=> <div>…</div>`) is a body too.
((arrow_function body: (_) @body)
  (#not-match? @body "^\\{")
  (#set! placeholder "…"))
