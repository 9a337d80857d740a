; PHP: functions, methods and closures lose their compound statement.
(function_definition body: (compound_statement) @body)
(method_declaration body: (compound_statement) @body)
(anonymous_function body: (compound_statement) @body)
